import { ApiError } from './api-client';
import { useTranslation } from './i18n';
import { notify } from './notify';

/** What went wrong, in words: the API's message (already in the user's language), or the generic one. */
export function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) => (error instanceof ApiError ? error.message : t('messages.genericError'));
}

/**
 * Shows what went wrong in a toast (useErrorText). A form puts the API's field messages on its
 * fields itself (useZodForm).
 */
export function useErrorToast() {
  const errorText = useErrorText();
  return (error: unknown) => {
    notify.error(errorText(error));
  };
}
