import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { ApiError } from './api-client';

/**
 * Shows what went wrong in a toast: the API's message (already in the user's language), or the
 * generic one. With `setFields`, a form also gets the API's message for each of its fields.
 */
export function useErrorToast() {
  const { t } = useTranslation();
  return (error: unknown, setFields?: (fields: Record<string, string>) => void) => {
    if (error instanceof ApiError) setFields?.(error.fields);
    toast.error(error instanceof ApiError ? error.message : t('messages.genericError'));
  };
}
