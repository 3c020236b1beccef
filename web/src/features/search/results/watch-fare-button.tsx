import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Currency } from '#shared/flights';
import { addDays } from '../../../lib/dates';
import { addTranslations, useTranslation } from '../../../lib/i18n';
import { priceAlertStrings } from '../../../lib/price-alert-strings';
import { useSignedInUser } from '../../../lib/session/signed-in-user';
import { useErrorToast } from '../../../lib/use-error-toast';
import { useCreatePriceAlert } from '../api/create-price-alert';

addTranslations(priceAlertStrings);

/** Days of departures an alert set from the results watches, from the searched date on. */
const WATCHED_DAYS = 7;

/**
 * "Tell me when it is cheaper" on the results of a one-adult search (docs/accounts.md#price-alerts): an
 * alert on the route for the searched date and the six after it, at the lowest fare shown; by
 * e-mail, and by SMS too when the user ticks it (only with a mobile on their account), in the
 * language of the page.
 */
export function WatchFareButton(props: {
  origin: string;
  destination: string;
  date: string;
  nationalityCode: string;
  lowestTotal: number;
  currency: Currency;
}) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const location = useLocation();
  const create = useCreatePriceAlert();
  const showError = useErrorToast();
  const [set, setSet] = useState(false);
  const [sms, setSms] = useState(false);
  if (!user) {
    return (
      <Link
        to={`/auth/login?next=${encodeURIComponent(location.pathname + location.search)}`}
        className="justify-self-start text-sm font-medium underline"
      >
        {t('priceAlerts.logInToWatch')}
      </Link>
    );
  }
  if (set) {
    return (
      <p role="status" className="text-sm">
        {t('priceAlerts.set')}{' '}
        <Link to="/account/price-alerts" className="font-medium underline">
          {t('priceAlerts.title')}
        </Link>
      </p>
    );
  }
  return (
    <div className="grid justify-items-start gap-2">
      {user.phone && (
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={sms} onChange={(event) => setSms(event.target.checked)} />
          {t('priceAlerts.sms', { phone: user.phone })}
        </label>
      )}
      <button
        type="button"
        className="min-h-11 justify-self-start rounded-lg border border-brand px-3 py-2 text-sm font-semibold text-brand"
        disabled={create.isPending}
        onClick={() =>
          create.mutate(
            {
              origin: props.origin,
              destination: props.destination,
              from_date: props.date,
              to_date: addDays(props.date, WATCHED_DAYS - 1),
              nationality_code: props.nationalityCode,
              seen_total: props.lowestTotal,
              currency: props.currency,
              ...(sms && user.phone ? { sms: true } : {}),
              language: i18n.language === 'ne' ? 'ne' : 'en',
            },
            { onSuccess: () => setSet(true), onError: showError },
          )
        }
      >
        {t('priceAlerts.watch')}
      </button>
    </div>
  );
}
