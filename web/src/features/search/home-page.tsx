import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { assetUrl } from '../../config/site-config';
import { useSiteConfig } from '../../lib/app-context';
import { addDays, todayInNepal } from '../../lib/dates';
import { useTranslation } from '../../lib/i18n';
import { SearchForm } from './components/search-form';
import { readSearchQuery, writeSearchQuery } from './search-url';

/** The device's recent searches: their own small chunk, loaded after the page's first paint. */
const RecentSearchesList = lazy(() => import('./recent/recent-searches-list'));
/** Popular routes with live fares, the Everest mountain flight and trust marks: also after first paint. */
const ShopWindow = lazy(() => import('./shop-window/shop-window'));

/**
 * The departure is tomorrow in Nepal until the traveller picks another day
 * (docs/web.md#the-search-form-and-search-links).
 */
export function HomePage() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <section className="relative isolate overflow-hidden bg-brand">
        <img
          src={assetUrl(config, config.banners.home)}
          alt=""
          width={1600}
          height={480}
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover opacity-90"
        />
        <div className="mx-auto max-w-6xl px-4 pt-10 pb-16 sm:pt-16">
          <h1 className="max-w-2xl text-3xl font-bold text-white drop-shadow sm:text-4xl">
            {t('home.heading')}
          </h1>
          <p className="mt-2 max-w-xl text-white/95 drop-shadow">
            {t('home.subheading', { name: config.displayName })}
          </p>
        </div>
      </section>
      <section className="relative z-10 mx-auto -mt-10 max-w-6xl px-4">
        <div className="rounded-2xl bg-white p-4 shadow-xl sm:p-6 dark:bg-slate-900">
          <SearchForm
            initial={{ ...readSearchQuery(new URLSearchParams()), date: addDays(todayInNepal(), 1) }}
            onSearch={(query) => navigate(`/flight-search?${writeSearchQuery(query)}`)}
          />
        </div>
      </section>
      <Suspense fallback={null}>
        <RecentSearchesList />
      </Suspense>
      <Suspense fallback={null}>
        <ShopWindow />
      </Suspense>
      <div className="h-12" />
    </>
  );
}
