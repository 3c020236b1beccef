import {
  MOUNTAIN_FLIGHT_CODE,
  POPULAR_DOMESTIC_ROUTES,
  POPULAR_ROUTE_DAYS,
  type PopularRoutesResponse,
} from '#shared/flights';
import type { Db } from '../../db/client';
import { dateOf, todayInNepal } from '../flight-engine/calendar';
import { findFareCalendar } from './find-fare-calendar';

export interface FindPopularRouteFaresOptions {
  nationalityCode: string;
  brandId: string | null;
  now?: number;
}

/**
 * The "from" fare of each popular route and of the Everest mountain flight: the fare calendar's
 * lowest day from tomorrow in Nepal over the next POPULAR_ROUTE_DAYS days (no pricing of its own).
 */
export async function findPopularRouteFares(
  db: Db,
  options: FindPopularRouteFaresOptions,
): Promise<PopularRoutesResponse> {
  const now = options.now ?? Date.now();
  const first = todayInNepal(now) + 1;
  const dates = Array.from({ length: POPULAR_ROUTE_DAYS }, (_, i) => dateOf(first + i));
  const months = [...new Set(dates.map((date) => date.slice(0, 7)))];
  let currency: PopularRoutesResponse['currency'] = 'NPR';

  async function lowestFare(route: { depart_code: string; dest_code: string }) {
    let best: { lowest_total: number; date: string } | null = null;
    for (const month of months) {
      const calendar = await findFareCalendar(db, {
        origin: route.depart_code,
        destination: route.dest_code,
        month,
        nationalityCode: options.nationalityCode,
        brandId: options.brandId,
        now,
      });
      currency = calendar.currency;
      for (const day of calendar.days) {
        if (day.lowest_total === null || !dates.includes(day.date)) continue;
        if (!best || day.lowest_total < best.lowest_total)
          best = { lowest_total: day.lowest_total, date: day.date };
      }
    }
    return { ...route, lowest_total: best?.lowest_total ?? null, date: best?.date ?? null };
  }

  const routes = [];
  for (const route of POPULAR_DOMESTIC_ROUTES) routes.push(await lowestFare(route));
  const mountainFlight = await lowestFare({ depart_code: 'KTM', dest_code: MOUNTAIN_FLIGHT_CODE });
  return {
    currency,
    from_date: dates[0] as string,
    to_date: dates[dates.length - 1] as string,
    routes,
    mountain_flight: mountainFlight,
  };
}
