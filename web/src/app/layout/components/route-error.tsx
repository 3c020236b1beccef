import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const page = isRouteErrorResponse(error) && error.status === 404 ? 'notFound' : 'error';
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">{t(`pages.${page}.title`)}</h1>
      <p className="mt-2">{t(`pages.${page}.intro`)}</p>
      <Link to="/" className="mt-4 inline-block underline">
        {t('pages.error.action')}
      </Link>
    </main>
  );
}
