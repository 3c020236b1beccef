import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { guestRequest, type UserDetails } from '#shared/accounts';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useTranslation } from '../../../lib/i18n';
import { meQueryKey } from '../../../lib/session/get-me';
import { useRememberSignedInUser } from '../../../lib/session/signed-in-user';
import { useZodForm } from '../../../lib/use-zod-form';
import { continueAsGuest } from '../api/guest';

/**
 * FlightConfirm's "Continue as guest" for a signed-out traveller: an e-mail and a mobile start a
 * guest session (POST /auth/guest), and the page goes on as for any signed-in customer.
 */
export function GuestCheckout(props: { onContinued: (user: UserDetails) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const remember = useRememberSignedInUser();
  const { form, errorOf, showServerErrors } = useZodForm(guestRequest, { email: '', mobile: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (body) => {
    setFormError(null);
    try {
      const user = await continueAsGuest(body);
      queryClient.setQueryData(meQueryKey, user);
      remember(user);
      props.onContinued(user);
    } catch (error) {
      if (!showServerErrors(error)) setFormError(error instanceof Error ? error.message : String(error));
    }
  });
  return (
    <form
      noValidate
      aria-labelledby="guest-checkout"
      onSubmit={(event) => void submit(event)}
      className="mt-6 grid gap-3 rounded-xl bg-white p-4 text-left shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="guest-checkout" className="text-lg font-semibold">
        {t('booking.guest.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('booking.guest.intro')}</p>
      {formError && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {formError}
        </p>
      )}
      <TextField
        label={t('auth.email')}
        type="email"
        autoComplete="email"
        error={errorOf('email')}
        {...form.register('email')}
      />
      <TextField
        label={t('auth.mobile')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+977 98XXXXXXXX"
        error={errorOf('mobile')}
        {...form.register('mobile')}
      />
      <Button type="submit" busy={form.formState.isSubmitting} className="h-12">
        {t('booking.guest.continue')}
      </Button>
    </form>
  );
}
