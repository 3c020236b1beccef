import { Link } from 'react-router';
import { useTranslation } from '../../../lib/i18n';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="py-16 text-center">
      <h1 className="text-2xl font-semibold">{t('pages.notFound.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('pages.notFound.intro')}</p>
      <Link to="/" className="mt-6 inline-block rounded-full bg-brand px-5 py-2 text-brand-contrast">
        {t('pages.notFound.action')}
      </Link>
    </section>
  );
}
