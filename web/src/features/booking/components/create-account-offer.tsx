import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { guestClaimRequest } from '#shared/accounts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { meQueryKey } from '../../../lib/session/get-me';
import { useRememberSignedInUser } from '../../../lib/session/signed-in-user';
import { useZodForm } from '../../../lib/use-zod-form';
import { claimGuestAccount } from '../api/guest';

/**
 * BookingConfirm's offer to a guest who has paid: a password turns the guest into an account with
 * the e-mail and mobile they gave (POST /auth/guest/claim). When an account already uses them, the
 * guest is told to log in to it instead; nothing is merged.
 */
export function CreateAccountOffer(props: { email: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remember = useRememberSignedInUser();
  const { form, errorOf, showServerErrors } = useZodForm(guestClaimRequest, { password: '' });
  const [refusal, setRefusal] = useState<{ message: string; logIn: boolean } | null>(null);
  const [created, setCreated] = useState(false);
  const submit = form.handleSubmit(async (body) => {
    setRefusal(null);
    try {
      const user = await claimGuestAccount(body);
      queryClient.setQueryData(meQueryKey, user);
      remember(user);
      setCreated(true);
    } catch (error) {
      const logIn = error instanceof ApiError && error.code === 'GUEST_CONTACT_HAS_ACCOUNT';
      if (logIn || !showServerErrors(error))
        setRefusal({ message: error instanceof Error ? error.message : String(error), logIn });
    }
  });
  if (created) {
    return (
      <p
        role="status"
        data-testid="account-created"
        className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:ring-emerald-800"
      >
        {t('booking.guest.created', { email: props.email })}
      </p>
    );
  }
  return (
    <form
      noValidate
      aria-labelledby="create-account"
      onSubmit={(event) => void submit(event)}
      className="grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="create-account" className="text-lg font-semibold">
        {t('booking.guest.offerTitle')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {t('booking.guest.offerIntro', { email: props.email })}
      </p>
      {refusal && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {refusal.message}{' '}
          {refusal.logIn && (
            <Link to="/auth/login" className="font-semibold underline">
              {t('booking.guest.logInInstead')}
            </Link>
          )}
        </p>
      )}
      <TextField
        label={t('booking.guest.password')}
        type="password"
        autoComplete="new-password"
        error={errorOf('password')}
        {...form.register('password')}
      />
      <Button type="submit" busy={form.formState.isSubmitting} className="h-12 sm:justify-self-start">
        {t('booking.guest.create')}
      </Button>
    </form>
  );
}
