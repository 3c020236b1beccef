import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">{t('pages.error.title')}</h1>
      <p className="mt-2">{t('pages.error.intro')}</p>
      <Link to="/" className="mt-4 inline-block underline">
        {t('pages.error.action')}
      </Link>
    </main>
  );
}
