import {
  type Currency,
  type FlightSearchRequest,
  isAgentUserType,
  MAX_DAYS_AHEAD,
  MOUNTAIN_FLIGHT_CODE,
  NPR_FARE_NATIONALITIES,
  type SupplierAnswer,
  searchLegsOf,
} from '#shared/flights';
import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { supplierSearchAnswers } from '../../process-metrics';
import type { EngineOffer } from '../flight-engine/build-offers';
import { dateOf, dayOf, todayInNepal } from '../flight-engine/calendar';
import { MAX_STOPS } from '../flight-engine/find-itineraries';
import { loadFlightNetwork } from '../flight-engine/load-flight-network';
import { currencyOf, type FareTier } from '../flight-engine/price-offer';
import { NO_MARKUPS, priceForViewer } from '../markups/apply-markups';
import { searchBrandMarkups } from '../markups/load-brand-markups';
import { suppliersForBrand } from '../suppliers/configured-suppliers';
import type { Supplier, SupplierLegResult, SupplierSearchOptions } from '../suppliers/supplier';
import { SupplierTimeout, withinTimeout } from '../suppliers/within-timeout';
import { brandCancelledFlightIds } from './cancelled-flights';
import { checkSearchCodes } from './check-search-codes';

/**
 * Most offers answered per leg and date, cheapest first. Per date, not over all dates of a
 * flexible search: the neighbouring days' cheap fares must not crowd out the chosen day's dearer
 * fare families.
 */
export const MAX_OFFERS_PER_LEG = 150;

export interface SearchFlightsOptions {
  params: FlightSearchRequest;
  /** The commission the agency grants the signed-in agent, percent; shown on prices for agents only. */
  grantedCommissionPercent: number;
  /** The signed-in agent's own markup to their client, percent; null for travellers. */
  agentMarkupPercent: number | null;
  /** A sub-agent's master's markup on their price, percent (0 or absent for everyone else). */
  masterMarkupPercent?: number;
  /** The brand whose markups price the offers (null: supplier prices as they are). */
  brandId: string | null;
  now?: number;
  suppliers?: Supplier[];
}

export interface SearchedLeg {
  origin: string;
  destination: string;
  date: string;
  offers: EngineOffer[];
  dates: { date: string; lowestTotal: number | null }[];
}

export interface SearchFlightsResult {
  currency: Currency;
  legs: SearchedLeg[];
  airlineNames: Map<string, string>;
  /** How each supplier answered (outside suppliers that timed out or failed gave no offers). */
  suppliers: SupplierAnswer[];
}

/**
 * Asks one supplier. The house inventory's failure fails the search; an outside supplier that
 * fails or takes longer than its timeout only loses its own offers, and the answer says so.
 */
async function askSupplier(
  supplier: Supplier,
  db: Db,
  options: SupplierSearchOptions,
): Promise<{ legs: SupplierLegResult[]; answer: SupplierAnswer }> {
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  if (supplier.searchTimeoutMs === undefined) {
    const legs = await supplier.search(db, options);
    supplierSearchAnswers.inc({ supplier: supplier.id, status: 'ok' });
    return { legs, answer: { id: supplier.id, status: 'ok', ms: ms() } };
  }
  try {
    const legs = await withinTimeout(supplier.search(db, options), supplier.searchTimeoutMs);
    supplierSearchAnswers.inc({ supplier: supplier.id, status: 'ok' });
    return { legs, answer: { id: supplier.id, status: 'ok', ms: ms() } };
  } catch (error) {
    const status = error instanceof SupplierTimeout ? 'timeout' : 'error';
    supplierSearchAnswers.inc({ supplier: supplier.id, status });
    return { legs: [], answer: { id: supplier.id, status, ms: ms() } };
  }
}

/** Which fare a nationality pays: NPR for Nepali and Indian nationals, residential or USD for others. */
export function fareTierFor(nationalityCode: string, residential: boolean): FareTier {
  if ((NPR_FARE_NATIONALITIES as readonly string[]).includes(nationalityCode)) return 'npr';
  return residential ? 'residential' : 'usd';
}

/**
 * Searches every configured supplier for each leg of the request and merges their offers,
 * cheapest first. Bad airports, dates and nationality answer 400 naming each field.
 */
export async function searchFlights(db: Db, options: SearchFlightsOptions): Promise<SearchFlightsResult> {
  const { params } = options;
  const now = options.now ?? Date.now();
  const today = todayInNepal(now);
  const multicity = params.trip_type === 'multicity';
  const legs = searchLegsOf(params).map((leg) => ({
    ...leg,
    // The Everest mountain flight is sold under the sector code MTN: a loop from Kathmandu.
    dest_code: leg.dest_code === MOUNTAIN_FLIGHT_CODE ? leg.depart_code : leg.dest_code,
  }));
  const fieldOf = (index: number, field: string) => {
    if (multicity) return `segments.${index}.${field}`;
    if (index === 1 && field === 'depart_date') return 'return_date';
    return field;
  };

  const { network, airlineNames } = await loadFlightNetwork(db);
  const fields = await checkSearchCodes(db, {
    airports: legs.flatMap((leg, index) =>
      index === 1 && !multicity
        ? []
        : [
            { field: fieldOf(index, 'depart_code'), code: leg.depart_code },
            { field: fieldOf(index, 'dest_code'), code: leg.dest_code },
          ],
    ),
    nationality: { field: 'nationality_code', code: params.nationality_code },
  });
  legs.forEach((leg, index) => {
    const sameAirport = leg.depart_code === leg.dest_code;
    const hasLoopFlights = network.legsByOrigin.get(leg.depart_code)?.some((l) => l.destination === l.origin);
    if (sameAirport && !hasLoopFlights && !(index === 1 && !multicity)) {
      fields[fieldOf(index, 'dest_code')] ??= 'Choose a destination different from where you fly from.';
    }
    const day = dayOf(leg.depart_date);
    const field = fieldOf(index, 'depart_date');
    if (day < today) fields[field] ??= 'This date has passed. Choose today or a later date.';
    else if (day > today + MAX_DAYS_AHEAD) fields[field] ??= 'Flights can be searched up to one year ahead.';
  });
  if (Object.keys(fields).length > 0) throw invalidFields(fields);

  const tier = fareTierFor(params.nationality_code, params.residential);
  const legDays = legs.map((leg) => {
    const day = dayOf(leg.depart_date);
    const days: number[] = [];
    for (let d = day - params.flexible_days; d <= day + params.flexible_days; d++) {
      if (d >= today && d <= today + MAX_DAYS_AHEAD) days.push(d);
    }
    return days;
  });
  const wanted = params.suppliers ? new Set(params.suppliers) : undefined;
  const suppliers = (options.suppliers ?? (await suppliersForBrand(db, options.brandId))).filter(
    (supplier) => !wanted || wanted.has(supplier.id),
  );
  const [markups, cancelledFlightIds] = options.brandId
    ? await Promise.all([
        searchBrandMarkups(db, options.brandId),
        brandCancelledFlightIds(db, options.brandId, now),
      ])
    : [NO_MARKUPS, undefined];
  const answers = await Promise.all(
    suppliers.map((supplier) =>
      askSupplier(supplier, db, {
        brandId: options.brandId,
        legs: legs.map((leg, i) => ({
          origin: leg.depart_code,
          destination: leg.dest_code,
          days: legDays[i] ?? [],
        })),
        context: {
          tier,
          passengers: { adults: params.adults, children: params.children, infants: params.infants },
          agent: isAgentUserType(params.user_type),
          grantedCommissionPercent: options.grantedCommissionPercent,
          cabin: params.flight_class,
          notBeforeUtc: now + MIN_MINUTES_BEFORE_DEPARTURE * 60_000,
        },
        maxStops: MAX_STOPS,
        ...(cancelledFlightIds ? { cancelledFlightIds } : {}),
      }),
    ),
  );
  return {
    currency: currencyOf(tier),
    airlineNames,
    suppliers: answers.map((a) => a.answer),
    legs: legs.map((leg, i) => {
      const byDay = new Map<number, EngineOffer[]>();
      for (const answer of answers) {
        for (const { day, offers } of answer.legs[i] ?? []) {
          const priced = offers.map((offer) =>
            priceForViewer(markups, offer, options.agentMarkupPercent, options.masterMarkupPercent),
          );
          byDay.set(day, [...(byDay.get(day) ?? []), ...priced]);
        }
      }
      const offers = [...byDay.values()]
        .flatMap((dayOffers) =>
          dayOffers
            .sort((a, b) => a.price.total - b.price.total || a.departUtc - b.departUtc)
            .slice(0, MAX_OFFERS_PER_LEG),
        )
        .sort((a, b) => a.price.total - b.price.total || a.departUtc - b.departUtc);
      return {
        origin: leg.depart_code,
        destination: leg.dest_code,
        date: leg.depart_date,
        offers,
        dates: (legDays[i] ?? []).map((day) => {
          const totals = (byDay.get(day) ?? []).map((o) => o.price.total);
          return { date: dateOf(day), lowestTotal: totals.length ? Math.min(...totals) : null };
        }),
      };
    }),
  };
}

/** Flights leaving sooner than this are no longer sold (plausible default). */
export const MIN_MINUTES_BEFORE_DEPARTURE = 60;
