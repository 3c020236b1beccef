import type { FlightOffer, SearchFlight } from '#shared/flights';
import type { CurrencyCode } from '#shared/money';
import { localDigits } from '../../../lib/dates';
import { useTranslation } from '../../../lib/i18n';
import { money } from './format';
import { airlinesOf, applyFlightFilters, type DepartureWindow, type OfferFilters } from './offer-filters';

const WINDOWS: DepartureWindow[] = ['early', 'morning', 'afternoon', 'evening'];

export function FilterPanel(props: {
  /** Closed at first on phones, so the flights come first. */
  startOpen: boolean;
  offers: FlightOffer[];
  /**
   * The day's flights, for each choice's count: how many it would show with the other filters
   * (no counts while the search runs).
   */
  flights: SearchFlight[] | undefined;
  filters: OfferFilters;
  currency: CurrencyCode;
  onChange: (filters: OfferFilters) => void;
}) {
  const { t } = useTranslation();
  const { filters } = props;
  const airlines = airlinesOf(props.offers);
  const totals = props.offers.map((o) => o.price.total);
  const cheapest = totals.length ? Math.min(...totals) : 0;
  const dearest = totals.length ? Math.max(...totals) : 0;
  const countWith = (change: Partial<OfferFilters>) =>
    props.flights && (
      <span className="ms-auto text-slate-600 tabular-nums dark:text-slate-400">
        ({localDigits(String(applyFlightFilters(props.flights, { ...filters, ...change }).length))})
      </span>
    );
  const toggle = <T,>(list: T[], item: T) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

  return (
    <details
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 lg:col-start-1 lg:row-start-1 dark:bg-slate-900 dark:ring-slate-800"
      open={props.startOpen}
    >
      <summary className="cursor-pointer font-semibold">{t('results.filters')}</summary>
      <div className="mt-3 grid gap-5 text-sm">
        <fieldset>
          <legend className="mb-1 font-medium">{t('results.stopsFilter')}</legend>
          {[
            [null, t('results.anyStops')],
            [0, t('results.nonstop')],
            [1, t('results.upToOneStop')],
          ].map(([value, label]) => (
            <label key={String(value)} className="flex items-center gap-2 py-0.5">
              <input
                type="radio"
                name="stops"
                checked={filters.maxStops === value}
                onChange={() => props.onChange({ ...filters, maxStops: value as number | null })}
              />
              {label}
              {countWith({ maxStops: value as number | null })}
            </label>
          ))}
        </fieldset>
        {airlines.length > 1 && (
          <fieldset>
            <legend className="mb-1 font-medium">{t('results.airlines')}</legend>
            {airlines.map((airline) => (
              <label key={airline.code} className="flex items-center gap-2 py-0.5">
                <input
                  type="checkbox"
                  checked={filters.airlines.includes(airline.code)}
                  onChange={() =>
                    props.onChange({ ...filters, airlines: toggle(filters.airlines, airline.code) })
                  }
                />
                {airline.name}
                {countWith({ airlines: [airline.code] })}
              </label>
            ))}
          </fieldset>
        )}
        <fieldset>
          <legend className="mb-1 font-medium">{t('results.departure')}</legend>
          {WINDOWS.map((window) => (
            <label key={window} className="flex items-center gap-2 py-0.5">
              <input
                type="checkbox"
                checked={filters.windows.includes(window)}
                onChange={() => props.onChange({ ...filters, windows: toggle(filters.windows, window) })}
              />
              {t(`results.window.${window}`)}
              {countWith({ windows: [window] })}
            </label>
          ))}
        </fieldset>
        {dearest > cheapest && (
          <label className="grid gap-1">
            <span className="font-medium">
              {t('results.maxPrice')}: {money(filters.maxPrice ?? dearest, props.currency)}
            </span>
            <input
              type="range"
              min={cheapest}
              max={dearest}
              step={Math.max(1, Math.round((dearest - cheapest) / 50))}
              value={filters.maxPrice ?? dearest}
              onChange={(event) => {
                const value = Number(event.target.value);
                props.onChange({ ...filters, maxPrice: value >= dearest ? null : value });
              }}
            />
          </label>
        )}
        <button
          type="button"
          className="justify-self-start underline"
          onClick={() =>
            props.onChange({ sort: filters.sort, airlines: [], maxStops: null, windows: [], maxPrice: null })
          }
        >
          {t('results.clearAll')}
        </button>
      </div>
    </details>
  );
}
