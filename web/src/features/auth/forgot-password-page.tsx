import { useState } from 'react';
import { passwordResetRequest } from '#shared/accounts';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { useTranslation } from '../../lib/i18n';
import { requestPasswordReset } from './api/request-password-reset';
import { AuthCard } from './auth-card';
import { useAuthForm } from './use-auth-form';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { form, errorOf, formError, busy, onSubmit } = useAuthForm(
    passwordResetRequest,
    { email: '' },
    async (body) => {
      await requestPasswordReset(body);
      setSent(true);
    },
  );
  if (sent) return <AuthCard title={t('auth.forgotPassword')} intro={t('auth.resetSent')} />;
  return (
    <AuthCard title={t('auth.forgotPassword')} intro={t('auth.resetIntro')} error={formError}>
      <form noValidate className="space-y-4" onSubmit={onSubmit}>
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="email"
          error={errorOf('email')}
          {...form.register('email')}
        />
        <Button type="submit" busy={busy} className="w-full">
          {t('auth.sendResetLink')}
        </Button>
      </form>
    </AuthCard>
  );
}
