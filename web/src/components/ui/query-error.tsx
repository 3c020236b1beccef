import { ApiError } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';

/** A failed query, said in the API's words (each field's message too), with a way to try again. */
export function QueryError(props: { error: unknown; onRetry: () => void; showFields?: boolean }) {
  const { t } = useTranslation();
  const apiError = props.error instanceof ApiError ? props.error : undefined;
  return (
    <div role="alert" className="rounded-xl bg-red-50 p-4 text-red-900 dark:bg-red-950 dark:text-red-100">
      <p className="font-semibold">{apiError ? apiError.message : t('messages.genericError')}</p>
      {props.showFields &&
        apiError &&
        Object.values(apiError.fields).map((message) => <p key={message}>{message}</p>)}
      <button type="button" onClick={props.onRetry} className="mt-2 underline">
        {t('results.tryAgain')}
      </button>
    </div>
  );
}
