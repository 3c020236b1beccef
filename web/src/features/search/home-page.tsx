import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Airport } from '#shared/airports';
import { useAppStore, useSiteConfig } from '../../app/context';
import { assetUrl } from '../../config/site-config';
import { AirportPicker } from './components/airport-picker';

export function HomePage() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const setParams = useAppStore((s) => s.setParams);
  const navigate = useNavigate();
  const [from, setFrom] = useState<Airport | null>(null);
  const [to, setTo] = useState<Airport | null>(null);

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
      <section aria-label={t('home.searchFlights')} className="relative z-10 mx-auto -mt-10 max-w-6xl px-4">
        <form
          className="grid gap-4 rounded-2xl bg-white p-4 shadow-xl sm:grid-cols-[1fr_1fr_auto] sm:items-end dark:bg-slate-900"
          onSubmit={(event) => {
            event.preventDefault();
            if (!from || !to) return;
            setParams({
              depart_code: from.code,
              depart_city: from.city,
              dest_code: to.code,
              dest_city: to.city,
            });
            navigate('/flight-search');
          }}
        >
          <AirportPicker label={t('home.from')} value={from} onChange={setFrom} />
          <AirportPicker label={t('home.to')} value={to} onChange={setTo} />
          <button
            type="submit"
            disabled={!from || !to}
            className="h-12 rounded-lg bg-brand px-6 font-semibold text-brand-contrast disabled:opacity-60"
          >
            {t('home.searchFlights')}
          </button>
        </form>
      </section>
      <div className="h-12" />
    </>
  );
}
