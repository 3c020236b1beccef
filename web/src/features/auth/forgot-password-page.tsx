import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordResetRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { apiPost } from '../../lib/api-client';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const form = useAuthForm(passwordResetRequest, async (body) => {
    await apiPost('/auth/password-reset', body);
    setSent(true);
  });
  if (sent) return <AuthCard title={t('auth.forgotPassword')} intro={t('auth.resetSent')} />;
  return (
    <AuthCard title={t('auth.forgotPassword')} intro={t('auth.resetIntro')} error={form.formError}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void form.onSubmit({ email });
        }}
      >
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          value={email}
          error={form.errors.email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" busy={form.busy} className="w-full">
          {t('auth.sendResetLink')}
        </Button>
      </form>
    </AuthCard>
  );
}
