import { type FareCalendarResponse, MAX_DAYS_AHEAD, MOUNTAIN_FLIGHT_CODE } from '#shared/flights';
import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { dateOf, dayOf, todayInNepal } from '../flight-engine/calendar';
import { MAX_STOPS } from '../flight-engine/find-itineraries';
import { loadFlightNetwork } from '../flight-engine/load-flight-network';
import { currencyOf } from '../flight-engine/price-offer';
import { applyMarkup, NO_MARKUPS } from '../markups/apply-markups';
import { searchBrandMarkups } from '../markups/load-brand-markups';
import { configuredSuppliers } from '../suppliers/configured-suppliers';
import { brandCancelledFlightIds } from './cancelled-flights';
import { checkSearchCodes } from './check-search-codes';
import { fareTierFor, MIN_MINUTES_BEFORE_DEPARTURE } from './search-flights';

export interface FindFareCalendarOptions {
  origin: string;
  destination: string;
  /** YYYY-MM */
  month: string;
  nationalityCode: string;
  /** The brand whose markups price the fares, as in the search (null: none). */
  brandId: string | null;
  now?: number;
}

/**
 * The lowest one-adult total per day of a month over all suppliers (direct or connecting), with
 * the brand's markups as the search applies them;
 * null for days with no flight, days past and days more than a year ahead.
 */
export async function findFareCalendar(
  db: Db,
  options: FindFareCalendarOptions,
): Promise<FareCalendarResponse> {
  const now = options.now ?? Date.now();
  const destination = options.destination === MOUNTAIN_FLIGHT_CODE ? options.origin : options.destination;
  const fields = await checkSearchCodes(db, {
    airports: [
      { field: 'depart_code', code: options.origin },
      { field: 'dest_code', code: destination },
    ],
    nationality: { field: 'nationality_code', code: options.nationalityCode },
  });
  const { network } = await loadFlightNetwork(db);
  const loops = network.legsByOrigin.get(options.origin)?.some((l) => l.destination === l.origin);
  if (options.origin === destination && !loops) {
    fields.dest_code ??= 'Choose a destination different from where you fly from.';
  }
  if (Object.keys(fields).length) throw invalidFields(fields);

  const first = dayOf(`${options.month}-01`);
  const [year, month] = options.month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const today = todayInNepal(now);
  const days = Array.from({ length }, (_, i) => first + i).filter(
    (d) => d >= today && d <= today + MAX_DAYS_AHEAD,
  );
  const tier = fareTierFor(options.nationalityCode, false);
  const lowest = new Map<number, number>();
  if (days.length) {
    const markups = options.brandId ? await searchBrandMarkups(db, options.brandId) : NO_MARKUPS;
    const cancelledFlightIds = options.brandId
      ? await brandCancelledFlightIds(db, options.brandId, now)
      : undefined;
    // Outside suppliers would be a call per day of the month: the calendar shows the house inventory.
    for (const supplier of configuredSuppliers().filter((s) => s.searchTimeoutMs === undefined)) {
      const [leg] = await supplier.search(db, {
        legs: [{ origin: options.origin, destination, days }],
        context: {
          tier,
          passengers: { adults: 1, children: 0, infants: 0 },
          agent: false,
          grantedCommissionPercent: 0,
          cabin: '',
          notBeforeUtc: now + MIN_MINUTES_BEFORE_DEPARTURE * 60_000,
        },
        maxStops: MAX_STOPS,
        ...(cancelledFlightIds ? { cancelledFlightIds } : {}),
      });
      for (const { day, offers } of leg ?? []) {
        for (const supplierOffer of offers) {
          const offer = applyMarkup(markups, supplierOffer);
          const known = lowest.get(day);
          if (known === undefined || offer.price.total < known) lowest.set(day, offer.price.total);
        }
      }
    }
  }
  return {
    depart_code: options.origin,
    dest_code: destination,
    month: options.month,
    currency: currencyOf(tier),
    days: Array.from({ length }, (_, i) => ({
      date: dateOf(first + i),
      lowest_total: lowest.get(first + i) ?? null,
    })),
  };
}
