import { useState } from 'react';
import { Link } from 'react-router';
import { passwordChangeRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { changePassword } from './api/change-password';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';
import { useAuthForm } from './use-auth-form';

/** A signed-in user changes their password; the server signs their other devices out. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const [done, setDone] = useState(false);
  const { form, errorOf, formError, busy, onSubmit } = useAuthForm(
    passwordChangeRequest,
    { currentPassword: '', password: '' },
    async (body) => {
      await changePassword(body);
      setDone(true);
    },
  );
  if (!user) {
    return (
      <AuthCard title={t('auth.changePassword')} intro={t('auth.changePasswordSignIn')}>
        <Link to="/auth/login?next=%2Fauth%2Fpassword" className="underline">
          {t('header.logIn')}
        </Link>
      </AuthCard>
    );
  }
  if (done) return <AuthCard title={t('auth.changePassword')} intro={t('auth.passwordChanged')} />;
  return (
    <AuthCard title={t('auth.changePassword')} intro={t('auth.changePasswordIntro')} error={formError}>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <TextField
          label={t('auth.currentPassword')}
          type="password"
          autoComplete="current-password"
          error={errorOf('currentPassword')}
          {...form.register('currentPassword')}
        />
        <NewPasswordField error={errorOf('password')} {...form.register('password')} />
        <Button type="submit" busy={busy} className="w-full">
          {t('auth.savePassword')}
        </Button>
      </form>
    </AuthCard>
  );
}
