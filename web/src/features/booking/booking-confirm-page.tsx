import { useTranslation } from 'react-i18next';

export function BookingConfirmPage() {
  const { t } = useTranslation();
  return (
    <section>
      <h1 className="text-2xl font-semibold">{t('pages.bookingConfirm.title')}</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">{t('pages.bookingConfirm.intro')}</p>
    </section>
  );
}
