import type { SearchFlight } from '#shared/flights';
import type { CurrencyCode } from '#shared/format-money';
import { useTranslation } from '../../../lib/i18n';
import { duration, money } from './format';
import { applyFlightFilters, type OfferFilters, SORT_ORDERS, type SortOrder } from './offer-filters';

/**
 * The orders of the results as tabs, each with what its first flight costs and takes (the
 * cheapest, the best and the fastest at a glance); a radio group, so the arrow keys move along it.
 */
export function SortTabs(props: {
  flights: SearchFlight[];
  filters: OfferFilters;
  currency: CurrencyCode;
  onChange: (sort: SortOrder) => void;
}) {
  const { t } = useTranslation();
  const firstBy = (sort: SortOrder) => applyFlightFilters(props.flights, { ...props.filters, sort })[0];
  return (
    <fieldset className="min-w-0">
      <legend className="sr-only">{t('results.sortBy')}</legend>
      <div className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1 sm:grid-cols-4 dark:bg-slate-800">
        {SORT_ORDERS.map((sort) => {
          const first = firstBy(sort);
          return (
            <label
              key={sort}
              className="flex min-h-11 cursor-pointer flex-col justify-center rounded-lg px-3 py-1.5 text-sm has-[:checked]:bg-white has-[:checked]:shadow-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand dark:has-[:checked]:bg-slate-900"
            >
              <input
                type="radio"
                name="results-sort"
                value={sort}
                checked={props.filters.sort === sort}
                onChange={() => props.onChange(sort)}
                className="sr-only"
              />
              <span className="font-semibold">{t(`results.sort.${sort}`)}</span>
              {first && sort !== 'earliest' && (
                <span className="text-xs text-slate-600 dark:text-slate-300" data-testid={`sort-${sort}`}>
                  {money(first.lowest_total, props.currency)} · {duration(first.duration_minutes)}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
