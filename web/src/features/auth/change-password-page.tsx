import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { passwordChangeRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { apiPost } from '../../lib/api-client';
import { useAppStore } from '../../lib/app-context';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';
import { useAuthForm } from './use-auth-form';

/** A signed-in user changes their password; the server signs their other devices out. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.user);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const form = useAuthForm(passwordChangeRequest, async (body) => {
    await apiPost('/auth/password', body);
    setDone(true);
  });
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
    <AuthCard title={t('auth.changePassword')} intro={t('auth.changePasswordIntro')} error={form.formError}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.onSubmit({ currentPassword, password });
        }}
      >
        <TextField
          label={t('auth.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          error={form.errors.currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
        />
        <NewPasswordField value={password} error={form.errors.password} onChange={setPassword} />
        <Button type="submit" busy={form.busy} className="w-full">
          {t('auth.savePassword')}
        </Button>
      </form>
    </AuthCard>
  );
}
