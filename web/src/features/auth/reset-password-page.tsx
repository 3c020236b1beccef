import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { passwordResetConfirm } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { useTranslation } from '../../lib/i18n';
import { confirmPasswordReset } from './api/confirm-password-reset';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';
import { useAuthForm } from './use-auth-form';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [done, setDone] = useState(false);
  const { form, errorOf, formError, busy, onSubmit } = useAuthForm(
    passwordResetConfirm,
    // The token is the e-mailed link's; it has no field of its own, and its error shows above.
    { token: searchParams.get('token') ?? '', password: '' },
    async (body) => {
      await confirmPasswordReset(body);
      setDone(true);
    },
  );
  if (done) {
    return (
      <AuthCard title={t('auth.newPassword')} intro={t('auth.resetDone')}>
        <Link to="/auth/login" className="underline">
          {t('header.logIn')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('auth.newPassword')}
      intro={t('auth.newPasswordIntro')}
      error={formError ?? errorOf('token')}
    >
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <NewPasswordField error={errorOf('password')} {...form.register('password')} />
        <Button type="submit" busy={busy} className="w-full">
          {t('auth.savePassword')}
        </Button>
      </form>
    </AuthCard>
  );
}
