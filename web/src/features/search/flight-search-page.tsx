import { useTranslation } from 'react-i18next';
import { useAppStore, useSiteConfig } from '../../app/context';
import { assetUrl } from '../../config/site-config';

export function FlightSearchPage() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const params = useAppStore((s) => s.flight.params);
  const route =
    params.depart_code && params.dest_code
      ? `${params.depart_city} (${params.depart_code}) → ${params.dest_city} (${params.dest_code})`
      : '';
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_300px]">
      <section>
        <h1 className="text-2xl font-semibold">{t('pages.flightSearch.title')}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{route || t('pages.flightSearch.intro')}</p>
      </section>
      <aside aria-label={t('pages.flightSearch.offers')} className="hidden gap-4 lg:grid">
        {config.banners.side.map((banner) => (
          <img
            key={banner}
            src={assetUrl(config, banner)}
            alt=""
            width={300}
            height={600}
            loading="lazy"
            className="w-full rounded-xl"
          />
        ))}
      </aside>
    </div>
  );
}
