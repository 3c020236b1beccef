import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { FlightOffer } from '#shared/flights';
import { isAgentUserType } from '#shared/user-types';
import { QueryError } from '../../components/ui/query-error';
import { useAppStore, useSiteConfig } from '../../lib/app-context';
import { formatAdDate, todayInNepal } from '../../lib/dates';
import { addTranslations, currentLanguage, useTranslation } from '../../lib/i18n';
import { useSignedInUser } from '../../lib/session/signed-in-user';
import { toSearchRequest, useFlightSearch } from './api/search-flights';
import { calendarStrings } from './calendar-strings';
import { SearchForm } from './components/search-form';
import { rememberSearch } from './recent/recent-searches';
import { DateStrip, NearestFlyingDates } from './results/date-strip';
import { FilterPanel } from './results/filter-panel';
import { FlightList } from './results/flight-list';
import { duration } from './results/format';
import { applyFlightFilters, readFilters, writeFilters } from './results/offer-filters';
import { SideBanners } from './results/side-banners';
import { SortTabs } from './results/sort-tabs';
import { TripSteps } from './results/trip-steps';
import { WatchFareButton } from './results/watch-fare-button';
import { validateSearch } from './search-rules';
import { plannedLegs, readSearchQuery, toFlightParams, writeSearchQuery } from './search-url';

addTranslations(calendarStrings);

/**
 * Results: a search read from the URL, one leg at a time (outbound, then return, or each
 * multi-city flight), filters and sort in the URL, and the ±3-day price strip.
 */
export function FlightSearchPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const user = useSignedInUser();
  const isMobile = useAppStore((s) => s.ui.isMobile);
  const setParams = useAppStore((s) => s.replaceParams);
  const setTripType = useAppStore((s) => s.setTripType);
  const setInbound = useAppStore((s) => s.setInbound);
  const setSelectedOffers = useAppStore((s) => s.setSelectedOffers);
  const chosen = useAppStore((s) => s.flight.selectedOffers) as FlightOffer[];

  const query = useMemo(() => readSearchQuery(searchParams), [searchParams]);
  const filters = readFilters(searchParams);
  const step = Math.max(0, Number(searchParams.get('step') ?? 0) || 0);
  const complete = Object.keys(validateSearch(query, todayInNepal())).length === 0;
  const request = useMemo(() => toSearchRequest(query, user?.type ?? 'customer'), [query, user?.type]);
  const search = useFlightSearch(request, complete);
  // A search that runs is offered again on the home page ("Your recent searches").
  useEffect(() => {
    if (complete) rememberSearch(query);
  }, [complete, query]);
  // With an outside supplier (seconds to answer), the house inventory is asked alone as well, and
  // its offers are shown until the full answer replaces them.
  const outsideSuppliers = (config.suppliers ?? []).some((id) => id !== 'house');
  const houseRequest = useMemo(() => ({ ...request, suppliers: ['house'] }), [request]);
  const houseFirst = useFlightSearch(houseRequest, complete && outsideSuppliers);
  const moreComing = outsideSuppliers && !search.data && search.isFetching && Boolean(houseFirst.data);
  // The folded search form is drawn only when opened: it is a large form on a page already busy.
  const [formOpen, setFormOpen] = useState(!complete);

  // Drawn in a transition: React yields while it lays out the offers, so taps are not blocked.
  const data = useDeferredValue(search.data ?? (outsideSuppliers ? houseFirst.data : undefined));
  const legs = data?.legs ?? [];
  const leg = legs[Math.min(step, Math.max(legs.length - 1, 0))];
  // The summary and the steps come from the URL, so nothing moves when the answer arrives.
  const planned = plannedLegs(query);
  const plannedLeg = planned[Math.min(step, Math.max(planned.length - 1, 0))];
  // A flexible-date search also answers the neighbouring days: the strip shows those, the list this day.
  const dayOffers = leg
    ? leg.offers.filter((offer) => offer.segments[0]?.depart_at.startsWith(leg.depart_date))
    : [];
  // One card per flight, its fare families as options (legs[].flights groups the offers).
  const dayFlights = leg
    ? leg.flights.filter((flight) => flight.segments[0]?.depart_at.startsWith(leg.depart_date))
    : [];
  const flights = applyFlightFilters(dayFlights, filters);
  const offersById = useMemo(() => new Map((leg?.offers ?? []).map((offer) => [offer.id, offer])), [leg]);
  const agent = Boolean(user && isAgentUserType(user.type));

  const goTo = (params: URLSearchParams) => setSearchParams(params, { replace: false });
  /** Another day for the leg on screen (the date strip, the empty state's nearest dates). */
  const pickDate = (date: string) => {
    const next = new URLSearchParams(searchParams);
    if (step === 0 && query.trip !== 'multicity') next.set('date', date);
    else if (step === 1 && query.trip === 'roundtrip') next.set('ret', date);
    goTo(next);
  };

  const select = (offer: FlightOffer) => {
    const picked = [...chosen.slice(0, step), offer];
    setSelectedOffers(picked);
    if (step + 1 < legs.length) {
      const next = new URLSearchParams(searchParams);
      next.set('step', String(step + 1));
      goTo(next);
      window.scrollTo({ top: 0 });
      return;
    }
    setTripType(query.trip);
    setParams(toFlightParams(query, request.user_type));
    setInbound('departFlights', legs[0]?.offers ?? []);
    setInbound('returnFlights', legs[1]?.offers ?? []);
    navigate('/Booking/FlightConfirm');
  };

  return (
    <div className="grid gap-6">
      <details
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        open={!complete}
        onToggle={(event) => setFormOpen(event.currentTarget.open)}
      >
        <summary className="cursor-pointer font-semibold">
          <h1 className="inline text-xl">{t('pages.flightSearch.title')}</h1>
          {complete && plannedLeg && (
            <span className="ml-2 font-normal text-slate-600 dark:text-slate-300">
              {plannedLeg.from} → {plannedLeg.to} · {formatAdDate(plannedLeg.date, currentLanguage())} ·{' '}
              {t('search.travellers', { count: query.adults + query.children + query.infants })}
            </span>
          )}
        </summary>
        {formOpen && (
          <div className="mt-4">
            <SearchForm
              key={searchParams.toString()}
              initial={query}
              compact
              checkAtStart={searchParams.size > 0}
              onSearch={(next) => goTo(writeSearchQuery(next))}
            />
          </div>
        )}
      </details>

      {!complete && <p className="text-slate-600 dark:text-slate-300">{t('pages.flightSearch.intro')}</p>}

      {complete && planned.length > 1 && (
        <TripSteps
          planned={planned}
          chosen={chosen}
          step={step}
          onStep={(index) => {
            const next = new URLSearchParams(searchParams);
            next.set('step', String(index));
            goTo(next);
          }}
        />
      )}

      <div className="grid gap-6 lg:grid-cols-[15rem_1fr]">
        {complete && (
          <FilterPanel
            startOpen={!isMobile}
            offers={dayOffers}
            flights={leg ? dayFlights : undefined}
            filters={filters}
            currency={data?.currency ?? 'NPR'}
            onChange={(next) => goTo(writeFilters(searchParams, next))}
          />
        )}
        <section
          aria-live="polite"
          aria-busy={search.isFetching}
          // Tall from the start, so the footer does not jump down when the flights arrive.
          className={`grid content-start gap-3 lg:col-start-2 ${complete ? 'min-h-screen' : ''}`}
        >
          {complete && !data && !search.isError && (
            <div role="status" className="grid gap-3">
              <p className="font-medium">{t('results.searching')}</p>
              {[0, 1, 2].map((n) => (
                <div key={n} className="h-28 animate-pulse rounded-xl bg-slate-200 dark:bg-slate-800" />
              ))}
            </div>
          )}
          {search.isError && (
            <QueryError error={search.error} onRetry={() => void search.refetch()} showFields />
          )}
          {leg && (
            <>
              <DateStrip
                dates={leg.dates}
                selected={leg.depart_date}
                currency={data?.currency ?? 'NPR'}
                onPick={pickDate}
              />
              {query.trip !== 'multicity' && (
                <Link
                  to={`/fare-calendar?${writeSearchQuery({ ...query, from: leg.depart_code, to: leg.dest_code, date: leg.depart_date })}`}
                  className="justify-self-start text-sm font-medium underline"
                >
                  {t('calendar.open')}
                </Link>
              )}
              {query.trip === 'oneway' &&
                query.adults === 1 &&
                query.children === 0 &&
                query.infants === 0 &&
                leg.offers.length > 0 && (
                  <WatchFareButton
                    origin={leg.depart_code}
                    destination={leg.dest_code}
                    date={leg.depart_date}
                    nationalityCode={query.nat}
                    lowestTotal={Math.min(...leg.offers.map((offer) => offer.price.total))}
                    currency={leg.offers[0]?.price.currency ?? 'NPR'}
                  />
                )}
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold">
                  {t('results.heading', { from: leg.depart_code, to: leg.dest_code })}
                  <span className="ml-2 text-sm font-normal text-slate-600 dark:text-slate-300">
                    {t('results.count', { count: flights.length })}
                  </span>
                </h2>
              </div>
              <SortTabs
                flights={dayFlights}
                filters={filters}
                currency={data?.currency ?? 'NPR'}
                onChange={(sort) => goTo(writeFilters(searchParams, { ...filters, sort }))}
              />
              {moreComing && (
                <p
                  role="status"
                  data-testid="more-suppliers"
                  className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800"
                >
                  <span aria-hidden="true" className="size-3 animate-pulse rounded-full bg-brand" />
                  {t('results.moreSuppliers')}
                </p>
              )}
              {data?.suppliers?.some((supplier) => supplier.status !== 'ok') && (
                <p
                  role="note"
                  className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
                >
                  {t('results.suppliersMissing')}
                </p>
              )}
              {flights.length === 0 && (
                <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center dark:border-slate-600">
                  <p className="font-semibold">
                    {dayFlights.length ? t('results.noneMatch') : t('results.noneFly')}
                  </p>
                  <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                    {dayFlights.length ? t('results.clearFilters') : t('results.tryOtherDates')}
                  </p>
                  {dayFlights.length === 0 && (
                    <NearestFlyingDates
                      dates={leg.dates}
                      selected={leg.depart_date}
                      currency={data?.currency ?? 'NPR'}
                      onPick={pickDate}
                    />
                  )}
                </div>
              )}
              <FlightList
                key={searchParams.toString()}
                flights={flights}
                offers={offersById}
                agent={agent}
                onSelect={select}
              />
              {flights.length > 0 && (
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {t('results.fastestIs', {
                    time: duration(Math.min(...flights.map((f) => f.duration_minutes))),
                  })}
                </p>
              )}
            </>
          )}
        </section>
        {/* The brand's side banners (seed §1): one slim row below the flights, never beside the prices. */}
        <SideBanners />
      </div>
    </div>
  );
}
