import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MOUNTAIN_FLIGHT_CODE } from '#shared/constants';
import type { PopularRoutesResponse } from '#shared/flights';
import { formatMoney } from '#shared/format-money';
import { NEPALI_CITY_NAMES } from '#shared/nepal-city-names';
import { apiGet } from '../../../lib/api-client';
import { useSiteConfig } from '../../../lib/app-context';
import { addDays, todayInNepal } from '../../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../../lib/i18n';
import { readSearchQuery, writeSearchQuery } from '../search-url';

addTranslations({
  en: {
    shopWindow: {
      routesTitle: 'Popular flights from Kathmandu',
      routesNote: 'Lowest one-adult fare over the next 14 days.',
      from: 'from {{price}}',
      noFare: 'See flights',
      loading: 'Finding the lowest fares…',
      minutes: '{{count}} min',
      everestTitle: 'Everest mountain flight',
      everestText:
        'About an hour from Kathmandu and back at dawn, first departures around 06:30, past the Himalaya with a window seat for everyone. Flown by Buddha Air, Yeti Airlines and Shree Airlines; weather can cancel flights in winter and the monsoon.',
      everestSearch: 'See tomorrow’s mountain flights',
      everestContact: 'Questions? Call {{phone}} or write to {{email}}.',
      trustTitle: 'Pay the way you like',
      trustText: 'eSewa, Khalti and ConnectIPS accepted.',
      iata: 'IATA-accredited agency',
    },
    cities: {
      KTM: 'Kathmandu',
      PKR: 'Pokhara',
      BWA: 'Bhairahawa',
      BIR: 'Biratnagar',
      KEP: 'Nepalgunj',
      BHR: 'Bharatpur',
      TMI: 'Tumlingtar',
    },
  },
  ne: {
    shopWindow: {
      routesTitle: 'काठमाडौंबाट लोकप्रिय उडानहरू',
      routesNote: 'आगामी १४ दिनको एक वयस्कको सबैभन्दा कम भाडा।',
      from: '{{price}} देखि',
      noFare: 'उडानहरू हेर्नुहोस्',
      loading: 'सबैभन्दा कम भाडा खोज्दै…',
      minutes: '{{count, digits}} मिनेट',
      everestTitle: 'सगरमाथा पर्वतीय उडान',
      everestText:
        'बिहान काठमाडौंबाट करिब एक घण्टाको आउजाउ उडान, पहिलो उडान करिब ०६:३० मा, हिमालको छेउबाट, सबैलाई झ्यालछेउको सिट। बुद्ध एयर, यती एयरलाइन्स र श्री एयरलाइन्सले उडाउँछन्; जाडो र वर्षामा मौसमले उडान रद्द हुन सक्छ।',
      everestSearch: 'भोलिका पर्वतीय उडानहरू हेर्नुहोस्',
      everestContact: 'प्रश्न छ? {{phone}} मा फोन गर्नुहोस् वा {{email}} मा लेख्नुहोस्।',
      trustTitle: 'आफूलाई मन पर्ने तरिकाले तिर्नुहोस्',
      trustText: 'इसेवा, खल्ती र कनेक्टआइपीएस स्वीकार्य।',
      iata: 'IATA-मान्यताप्राप्त एजेन्सी',
    },
    cities: NEPALI_CITY_NAMES,
  },
});

/** Typical block times (domain-nepal.md), minutes. */
const BLOCK_MINUTES: Record<string, number> = { PKR: 25, BWA: 35, BIR: 40, KEP: 50, BHR: 25, TMI: 35 };
type City = 'KTM' | 'PKR' | 'BWA' | 'BIR' | 'KEP' | 'BHR' | 'TMI';

/** Hand-drawn wordmarks as styled text: the partners' names, never their logos' artwork. */
const PAYMENT_PARTNERS = [
  { name: 'eSewa', className: 'text-green-700 dark:text-green-400' },
  { name: 'Khalti', className: 'text-purple-800 dark:text-purple-300' },
  { name: 'ConnectIPS', className: 'text-blue-800 dark:text-blue-300' },
];

const card = 'rounded-xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700';

function searchLink(from: string, to: string) {
  const query = readSearchQuery(new URLSearchParams({ from, to, date: addDays(todayInNepal(), 1) }));
  return `/flight-search?${writeSearchQuery(query)}`;
}

/**
 * The brand's shop window below the search form (docs/web.md#the-search-form-and-search-links): popular
 * routes with live "from" fares, the Everest mountain flight and the trust marks. Its own chunk, after first
 * paint.
 */
export default function ShopWindow() {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const language = currentLanguage();
  const fares = useQuery({
    queryKey: ['popular-routes', 'NP'],
    queryFn: () => apiGet<PopularRoutesResponse>('/flights/popular-routes?nationality_code=NP'),
    staleTime: 60_000,
    retry: false,
  });
  const price = (total: number | null | undefined) =>
    total == null || !fares.data ? null : formatMoney(total, fares.data.currency, language);
  const city = (code: string) =>
    code in BLOCK_MINUTES || code === 'KTM' ? t(`cities.${code as City}`) : code;
  const mountainPrice = price(fares.data?.mountain_flight.lowest_total);

  return (
    <div className="mx-auto mt-8 max-w-6xl space-y-8 px-4">
      <section aria-labelledby="popular-routes">
        <h2 id="popular-routes" className="text-lg font-semibold">
          {t('shopWindow.routesTitle')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {fares.isPending ? t('shopWindow.loading') : t('shopWindow.routesNote')}
        </p>
        <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {(fares.data?.routes ?? []).map((route) => {
            const from = price(route.lowest_total);
            return (
              <li key={route.dest_code}>
                <Link
                  to={searchLink(route.depart_code, route.dest_code)}
                  className={`${card} flex min-h-11 items-center justify-between gap-3 px-4 py-3 hover:ring-brand`}
                >
                  <span className="min-w-0">
                    <span className="block font-semibold">
                      {city(route.depart_code)} → {city(route.dest_code)}
                    </span>
                    <span className="block text-sm text-slate-600 dark:text-slate-400">
                      {route.depart_code}–{route.dest_code} ·{' '}
                      {t('shopWindow.minutes', { count: BLOCK_MINUTES[route.dest_code] ?? 0 })}
                    </span>
                  </span>
                  <span className="shrink-0 text-right font-semibold text-brand dark:text-white">
                    {from ? t('shopWindow.from', { price: from }) : t('shopWindow.noFare')}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="everest-flight" className={`${card} overflow-hidden`}>
        <div className="grid gap-4 p-4 sm:grid-cols-[1fr_auto] sm:items-center sm:p-6">
          <div>
            <h2 id="everest-flight" className="text-lg font-semibold">
              {t('shopWindow.everestTitle')}
            </h2>
            <p className="mt-1 text-slate-700 dark:text-slate-300">{t('shopWindow.everestText')}</p>
            {(config.phone || config.email) && (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {t('shopWindow.everestContact', { phone: config.phone, email: config.email })}
              </p>
            )}
          </div>
          <Link
            to={searchLink('KTM', MOUNTAIN_FLIGHT_CODE)}
            className="inline-flex min-h-11 flex-col items-center justify-center rounded-xl bg-brand px-5 py-2 text-center font-semibold text-brand-contrast"
          >
            <span>{t('shopWindow.everestSearch')}</span>
            {mountainPrice && (
              <span className="text-sm">{t('shopWindow.from', { price: mountainPrice })}</span>
            )}
          </Link>
        </div>
      </section>

      <section aria-labelledby="trust-marks" className="flex flex-wrap items-center gap-x-6 gap-y-3">
        <div className="min-w-0">
          <h2 id="trust-marks" className="font-semibold">
            {t('shopWindow.trustTitle')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('shopWindow.trustText')}</p>
        </div>
        <ul className="flex flex-wrap gap-2" aria-label={t('shopWindow.trustText')}>
          {PAYMENT_PARTNERS.map((partner) => (
            <li
              key={partner.name}
              className={`${card} px-3 py-1.5 text-lg font-extrabold tracking-tight ${partner.className}`}
            >
              {partner.name}
            </li>
          ))}
        </ul>
        {config.iataAccredited && (
          <p className={`${card} px-3 py-1.5 text-sm font-semibold`} data-testid="iata-mark">
            ✈ {t('shopWindow.iata')}
          </p>
        )}
      </section>
    </div>
  );
}
