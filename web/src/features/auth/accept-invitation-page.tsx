import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { acceptStaffInvitationRequest } from '#shared/staff';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useTranslation } from '../../lib/i18n';
import { acceptStaffInvitation, previewStaffInvitation } from './api/staff-invitation';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';
import { useAuthForm } from './use-auth-form';

/**
 * A staff invitation's page (docs/admin.md#staff-roles): the e-mailed link's token opens it; the invitee sees
 * the brand and role, chooses a name and password, then logs in to the console.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const preview = useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: () => previewStaffInvitation(token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const { form, errorOf, formError, busy, onSubmit } = useAuthForm(
    acceptStaffInvitationRequest,
    { token, firstName: '', lastName: '', password: '' },
    async (body) => {
      const accepted = await acceptStaffInvitation(body);
      setDoneFor(accepted.email);
    },
  );

  if (doneFor) {
    return (
      <AuthCard title={t('auth.acceptTitle')} intro={t('auth.acceptDone', { email: doneFor })}>
        <Link to="/admin" className="underline">
          {t('auth.goToConsole')}
        </Link>
      </AuthCard>
    );
  }
  if (preview.isPending) return <AuthCard title={t('auth.acceptTitle')} intro={t('auth.acceptChecking')} />;
  if (preview.isError || !preview.data) {
    return <AuthCard title={t('auth.acceptTitle')} intro="" error={preview.error?.message ?? null} />;
  }
  const { email, role, brand } = preview.data;
  return (
    <AuthCard
      title={t('auth.acceptTitle')}
      intro={t('auth.acceptIntro', { brand, email, role: t(`auth.staffRoles.${role}`) })}
      error={formError ?? errorOf('token')}
    >
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <TextField
          label={t('auth.firstName')}
          autoComplete="given-name"
          error={errorOf('firstName')}
          {...form.register('firstName')}
        />
        <TextField
          label={t('auth.lastName')}
          autoComplete="family-name"
          error={errorOf('lastName')}
          {...form.register('lastName')}
        />
        <NewPasswordField error={errorOf('password')} {...form.register('password')} />
        <Button type="submit" busy={busy} className="w-full">
          {t('auth.acceptSubmit')}
        </Button>
      </form>
    </AuthCard>
  );
}
