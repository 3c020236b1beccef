import type { ComponentProps } from 'react';
import { TextField } from '../../components/ui/text-field';
import { useTranslation } from '../../lib/i18n';

/** The new-password field of the reset and change pages: the rule as a hint, the server's error. */
export function NewPasswordField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.newPassword')}
      type="password"
      autoComplete="new-password"
      hint={t('auth.passwordHint')}
      {...props}
    />
  );
}
