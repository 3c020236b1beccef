import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { passwordResetConfirm } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { apiPost } from '../../lib/api-client';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';
import { useAuthForm } from './use-auth-form';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const form = useAuthForm(passwordResetConfirm, async (body) => {
    await apiPost('/auth/password-reset/confirm', body);
    setDone(true);
  });
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
      error={form.formError ?? form.errors.token}
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.onSubmit({ token: searchParams.get('token') ?? '', password });
        }}
      >
        <NewPasswordField value={password} error={form.errors.password} onChange={setPassword} />
        <Button type="submit" busy={form.busy} className="w-full">
          {t('auth.savePassword')}
        </Button>
      </form>
    </AuthCard>
  );
}
