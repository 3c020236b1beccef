import type { CurrencyCode } from '#shared/money';
import { formatAdDate } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { money } from './format';

/** The lowest fare on the days around the chosen one (±3 days); a day is one tap away. */
export function DateStrip(props: {
  dates: { date: string; lowest_total: number | null }[];
  selected: string;
  currency: CurrencyCode;
  onPick: (date: string) => void;
}) {
  const { t } = useTranslation();
  if (props.dates.length <= 1) return null;
  const lowest = Math.min(...props.dates.flatMap((d) => (d.lowest_total === null ? [] : [d.lowest_total])));
  return (
    <nav aria-label={t('results.nearbyDates')} className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      {props.dates.map((day) => {
        const chosen = day.date === props.selected;
        return (
          <button
            key={day.date}
            type="button"
            aria-current={chosen ? 'date' : undefined}
            disabled={day.lowest_total === null}
            onClick={() => props.onPick(day.date)}
            className={`min-w-28 rounded-lg border px-3 py-2 text-left text-sm disabled:opacity-50 ${
              chosen ? 'border-brand ring-2 ring-brand' : 'border-slate-200 dark:border-slate-700'
            } bg-white dark:bg-slate-900`}
          >
            <span className="block text-xs text-slate-600 dark:text-slate-400">
              {formatAdDate(day.date, currentLanguage())}
            </span>
            <span
              className={`block font-semibold ${day.lowest_total === lowest ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
            >
              {day.lowest_total === null ? t('results.noFlights') : money(day.lowest_total, props.currency)}
            </span>
          </button>
        );
      })}
    </nav>
  );
}

/**
 * A day with no flights: the nearest days around it that have some, each with its lowest fare,
 * one tap away (at most three, nearest first).
 */
export function NearestFlyingDates(props: {
  dates: { date: string; lowest_total: number | null }[];
  selected: string;
  currency: CurrencyCode;
  onPick: (date: string) => void;
}) {
  const { t } = useTranslation();
  const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(props.selected));
  const nearest = props.dates
    .filter((day) => day.date !== props.selected && day.lowest_total !== null)
    .sort((a, b) => distance(a.date) - distance(b.date) || a.date.localeCompare(b.date))
    .slice(0, 3);
  if (nearest.length === 0) return null;
  return (
    <ul aria-label={t('results.nearestFlyingDates')} className="mt-3 flex flex-wrap justify-center gap-2">
      {nearest.map((day) => (
        <li key={day.date}>
          <button
            type="button"
            onClick={() => props.onPick(day.date)}
            className="min-h-11 rounded-lg border border-brand px-3 py-2 text-sm font-semibold"
          >
            {t('results.flyingOn', {
              date: formatAdDate(day.date, currentLanguage()),
              price: money(day.lowest_total as number, props.currency),
            })}
          </button>
        </li>
      ))}
    </ul>
  );
}
