import { ApiError } from './api-client';
import { useTranslation } from './i18n';
import { notify } from './notify';

/**
 * Shows what went wrong in a toast: the API's message (already in the user's language), or the
 * generic one. A form puts the API's field messages on its fields itself (useZodForm).
 */
export function useErrorToast() {
  const { t } = useTranslation();
  return (error: unknown) => {
    notify.error(error instanceof ApiError ? error.message : t('messages.genericError'));
  };
}
