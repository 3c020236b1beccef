import type { FlightOffer, SearchFlight } from '#shared/flights';

export type SortOrder = 'cheapest' | 'best' | 'fastest' | 'earliest';
export const SORT_ORDERS: SortOrder[] = ['cheapest', 'best', 'fastest', 'earliest'];
export type DepartureWindow = 'early' | 'morning' | 'afternoon' | 'evening';

/** Filters and sort of a results page, kept in the URL (seed flow: shareable and reloadable). */
export interface OfferFilters {
  sort: SortOrder;
  airlines: string[];
  /** Most stops allowed; null for any. */
  maxStops: number | null;
  windows: DepartureWindow[];
  /** Highest total in minor units; null for any. */
  maxPrice: number | null;
}

const WINDOWS: Record<DepartureWindow, [number, number]> = {
  early: [0, 6 * 60],
  morning: [6 * 60, 12 * 60],
  afternoon: [12 * 60, 18 * 60],
  evening: [18 * 60, 24 * 60],
};

export function readFilters(params: URLSearchParams): OfferFilters {
  const sort = params.get('sort');
  const stops = params.get('stops');
  const max = Number(params.get('max'));
  return {
    sort: sort === 'best' || sort === 'fastest' || sort === 'earliest' ? sort : 'cheapest',
    airlines: (params.get('airlines') ?? '').split(',').filter((code) => /^[A-Z0-9]{2}$/.test(code)),
    maxStops: stops === '0' || stops === '1' || stops === '2' ? Number(stops) : null,
    windows: (params.get('dep') ?? '').split(',').filter((w): w is DepartureWindow => w in WINDOWS),
    maxPrice: Number.isInteger(max) && max > 0 ? max : null,
  };
}

export function writeFilters(params: URLSearchParams, filters: OfferFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
  put('sort', filters.sort === 'cheapest' ? '' : filters.sort);
  put('airlines', filters.airlines.join(','));
  put('stops', filters.maxStops === null ? '' : String(filters.maxStops));
  put('dep', filters.windows.join(','));
  put('max', filters.maxPrice === null ? '' : String(filters.maxPrice));
  return next;
}

/** Minutes after local midnight of the first departure ("…T06:30:00+05:45" → 390). */
const departureMinute = (item: { segments: { depart_at: string }[] }) => {
  const time = item.segments[0]?.depart_at.slice(11, 16) ?? '00:00';
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
};

/**
 * "Best": price and duration weighed alike, each against the set's lowest (a flight twice the
 * cheapest price scores as one twice the shortest time), cheaper first on a tie.
 */
function bestOrder<T>(items: T[], price: (item: T) => number, minutes: (item: T) => number) {
  const lowestPrice = Math.max(1, Math.min(...items.map(price)));
  const shortest = Math.max(1, Math.min(...items.map(minutes)));
  const score = (item: T) => price(item) / lowestPrice + minutes(item) / shortest;
  return (a: T, b: T) => score(a) - score(b) || price(a) - price(b);
}

export function applyFilters(offers: FlightOffer[], filters: OfferFilters): FlightOffer[] {
  const kept = offers.filter((offer) => {
    if (filters.airlines.length && !offer.segments.every((s) => filters.airlines.includes(s.airline_code)))
      return false;
    if (filters.maxStops !== null && offer.stops > filters.maxStops) return false;
    if (filters.maxPrice !== null && offer.price.total > filters.maxPrice) return false;
    if (filters.windows.length) {
      const minute = departureMinute(offer);
      if (!filters.windows.some((w) => minute >= WINDOWS[w][0] && minute < WINDOWS[w][1])) return false;
    }
    return true;
  });
  const by: Record<SortOrder, (a: FlightOffer, b: FlightOffer) => number> = {
    cheapest: (a, b) => a.price.total - b.price.total || a.duration_minutes - b.duration_minutes,
    best: bestOrder(
      kept,
      (offer) => offer.price.total,
      (offer) => offer.duration_minutes,
    ),
    fastest: (a, b) => a.duration_minutes - b.duration_minutes || a.price.total - b.price.total,
    earliest: (a, b) =>
      (a.segments[0]?.depart_at ?? '').localeCompare(b.segments[0]?.depart_at ?? '') ||
      a.price.total - b.price.total,
  };
  return kept.sort(by[filters.sort]);
}

/** The airlines flying in a result set, for the airline filter. */
export function airlinesOf(offers: FlightOffer[]): { code: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const offer of offers) for (const s of offer.segments) seen.set(s.airline_code, s.airline_name);
  return [...seen].map(([code, name]) => ({ code, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The flights of a result set that pass the filters, in the order asked for. A flight is priced
 * by its cheapest family, as its card shows it.
 */
export function applyFlightFilters(flights: SearchFlight[], filters: OfferFilters): SearchFlight[] {
  const kept = flights.filter((flight) => {
    if (filters.airlines.length && !flight.segments.every((s) => filters.airlines.includes(s.airline_code)))
      return false;
    if (filters.maxStops !== null && flight.stops > filters.maxStops) return false;
    if (filters.maxPrice !== null && flight.lowest_total > filters.maxPrice) return false;
    if (filters.windows.length) {
      const minute = departureMinute(flight);
      if (!filters.windows.some((w) => minute >= WINDOWS[w][0] && minute < WINDOWS[w][1])) return false;
    }
    return true;
  });
  const by: Record<SortOrder, (a: SearchFlight, b: SearchFlight) => number> = {
    cheapest: (a, b) => a.lowest_total - b.lowest_total || a.duration_minutes - b.duration_minutes,
    best: bestOrder(
      kept,
      (flight) => flight.lowest_total,
      (flight) => flight.duration_minutes,
    ),
    fastest: (a, b) => a.duration_minutes - b.duration_minutes || a.lowest_total - b.lowest_total,
    earliest: (a, b) =>
      (a.segments[0]?.depart_at ?? '').localeCompare(b.segments[0]?.depart_at ?? '') ||
      a.lowest_total - b.lowest_total,
  };
  return kept.sort(by[filters.sort]);
}
