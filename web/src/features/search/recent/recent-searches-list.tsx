import { Link } from 'react-router';
import { formatAdDate, todayInNepal } from '../../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../../lib/i18n';
import { plannedLegs, writeSearchQuery } from '../search-url';
import { recentSearches } from './recent-searches';

addTranslations({
  en: {
    recentSearches: {
      title: 'Your recent searches',
      travellers_one: '{{count}} traveller',
      travellers_other: '{{count}} travellers',
    },
  },
  ne: {
    recentSearches: {
      title: 'तपाईंका हालका खोजहरू',
      travellers_one: '{{count, digits}} यात्रु',
      travellers_other: '{{count, digits}} यात्रु',
    },
  },
});

/**
 * The searches made on this device that are still ahead, each a link that runs it again (the
 * home page loads this after its first paint; nothing when there are none).
 */
export default function RecentSearchesList() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const searches = recentSearches(todayInNepal());
  if (searches.length === 0) return null;
  return (
    <nav aria-labelledby="recent-searches" className="mx-auto mt-6 max-w-6xl px-4">
      <h2 id="recent-searches" className="text-lg font-semibold">
        {t('recentSearches.title')}
      </h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {searches.map((query) => {
          const legs = plannedLegs(query);
          const route =
            query.trip === 'roundtrip'
              ? `${query.from} ⇄ ${query.to}`
              : [legs[0]?.from, ...legs.map((leg) => leg.to)].join(' → ');
          const dates = legs
            .map((leg) => leg.date)
            .filter((date, index, all) => date && all.indexOf(date) === index)
            .map((date) => formatAdDate(date, language))
            .join(' – ');
          const link = writeSearchQuery(query).toString();
          return (
            <li key={link}>
              <Link
                to={`/flight-search?${link}`}
                className="flex min-h-11 flex-col justify-center rounded-xl bg-white px-4 py-2 text-sm shadow-sm ring-1 ring-slate-200 hover:ring-brand dark:bg-slate-900 dark:ring-slate-700"
              >
                <span className="font-semibold">{route}</span>
                <span className="text-slate-600 dark:text-slate-400">
                  {dates} ·{' '}
                  {t('recentSearches.travellers', { count: query.adults + query.children + query.infants })}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
