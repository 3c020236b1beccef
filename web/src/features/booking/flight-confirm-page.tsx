import { useTranslation } from 'react-i18next';

export function FlightConfirmPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('pages.flightConfirm.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('pages.flightConfirm.intro')}</p>
    </section>
  );
}
