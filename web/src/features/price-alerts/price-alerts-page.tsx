import { formatMoney } from '#shared/format-money';
import { SignInFirst } from '../../components/ui/sign-in-first';
import { formatAdDate } from '../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { priceAlertStrings } from '../../lib/price-alert-strings';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { useErrorToast } from '../../lib/use-error-toast';
import { useDeletePriceAlert, usePriceAlerts } from './api/price-alerts';

addTranslations(priceAlertStrings);

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800';

/** Account → Price alerts: the routes the user watches, with the fare they saw and the latest. */
export function PriceAlertsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  if (!user) return <SignInFirst title={t('priceAlerts.title')} next="/account/price-alerts" />;
  return <PriceAlerts />;
}

function PriceAlerts() {
  const { t } = useTranslation();
  const alerts = usePriceAlerts();
  const remove = useDeletePriceAlert();
  const showError = useErrorToast();
  const language = currentLanguage();
  const date = (iso: string) => formatAdDate(iso, language);
  return (
    <section className="grid gap-6">
      <div>
        <h1 className="text-2xl font-semibold">{t('priceAlerts.title')}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-400">{t('priceAlerts.intro')}</p>
      </div>
      {alerts.isPending && <p role="status">{t('booking.loading')}</p>}
      {alerts.data?.length === 0 && <p>{t('priceAlerts.none')}</p>}
      <ul className="grid gap-3" aria-label={t('priceAlerts.title')}>
        {alerts.data?.map((alert) => (
          <li key={alert.id} className={`${card} flex flex-wrap items-center justify-between gap-3`}>
            <div>
              <p className="font-semibold">
                {alert.origin} → {alert.destination}
              </p>
              <p className="text-sm text-slate-600 dark:text-slate-400">
                {t('priceAlerts.dates', { from: date(alert.from_date), to: date(alert.to_date) })} ·{' '}
                {t('priceAlerts.seen', { amount: formatMoney(alert.seen_total, alert.currency, language) })}
                {alert.lowest_total !== null &&
                  ` · ${t('priceAlerts.lowest', { amount: formatMoney(alert.lowest_total, alert.currency, language) })}`}
                {alert.sms && ` · ${t('priceAlerts.bySms')}`}
              </p>
            </div>
            <button
              type="button"
              className="min-h-11 rounded-lg border border-red-600 px-3 py-1.5 text-sm font-semibold text-red-700"
              disabled={remove.isPending}
              onClick={() => remove.mutate(alert.id, { onError: showError })}
              aria-label={t('priceAlerts.delete', { route: `${alert.origin} → ${alert.destination}` })}
            >
              {t('priceAlerts.deleteShort')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
