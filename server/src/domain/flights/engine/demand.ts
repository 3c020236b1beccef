import { isoWeekday, MS_PER_DAY } from './calendar';
import type { DatedFlight } from './flight-network';
import type { ScheduledLeg } from './scheduled-leg';

/**
 * Seats of a dated flight already sold through the airline's other channels (its own site, other
 * agencies, counters), per class: a deterministic, seeded model computed on the fly from a hash of
 * the flight and its date, so no row is stored per flight and a restart costs nothing. Bookings
 * made in Tikat (`flight_seats`) count on top. The figures are estimates (docs/search-engine.md,
 * "Demand"), shaped by the seasons of domain-nepal.md.
 */

/** Change to draw another (equally plausible) demo year. */
export const DEMAND_SEED = 0x7a1c_2083;

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** Murmur3's finaliser: spreads every input bit over the output. */
function mix(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) from a hash and a salt. */
const uniform = (hash: number, salt: number) => mix(hash ^ mix(salt + DEMAND_SEED)) / 4_294_967_296;

const legHashes = new WeakMap<ScheduledLeg, { flight: number; route: number }>();

function hashesOf(leg: ScheduledLeg) {
  let hashes = legHashes.get(leg);
  if (!hashes) {
    // Natural identities, not database ids, so every database draws the same year.
    hashes = {
      flight: fnv1a(`${leg.airlineCode}${leg.flightNumber}|${leg.origin}|${leg.destination}`),
      route: fnv1a(`${leg.origin}|${leg.destination}`),
    };
    legHashes.set(leg, hashes);
  }
  return hashes;
}

/**
 * How full a date's flights end up, relative to an ordinary day (domain-nepal.md: Dashain and
 * Tihar from late September to mid-November, trekking seasons October–November and March–May,
 * monsoon lows June–August). Festival dates follow the lunar calendar: the windows are wide
 * enough to hold them in any year.
 */
export function seasonFactor(day: number): number {
  const date = new Date(day * MS_PER_DAY);
  const month = date.getUTCMonth() + 1;
  const dayOfMonth = date.getUTCDate();
  if ((month === 9 && dayOfMonth >= 25) || (month === 10 && dayOfMonth <= 25)) return 1.35; // Dashain
  if ((month === 10 && dayOfMonth > 25) || (month === 11 && dayOfMonth <= 15)) return 1.3; // Tihar, Chhath
  if (month === 10 || month === 11) return 1.15; // autumn trekking
  if (month >= 3 && month <= 5) return 1.15; // spring trekking
  if (month >= 6 && month <= 8) return 0.7; // monsoon
  if (month === 12 || month <= 2) return 0.85; // winter
  return 1;
}

/** Fridays and Sundays (either side of Nepal's Saturday weekend) fill up; Saturdays are quiet. */
export function weekdayFactor(day: number): number {
  const weekday = isoWeekday(day);
  if (weekday === 5) return 1.15;
  if (weekday === 7) return 1.1;
  if (weekday === 6) return 0.85;
  return 1;
}

/** Early flights (steadier weather, a day's work at the other end) sell best, evening ones least. */
export function hourFactor(departureMinutes: number): number {
  if (departureMinutes < 9 * 60) return 1.1;
  if (departureMinutes < 14 * 60) return 1;
  if (departureMinutes < 17 * 60) return 0.92;
  return 0.85;
}

/**
 * Share of a flight's final load already booked `daysBefore` days before departure: a booking
 * curve that is about a third at a month, three quarters at a week and whole on the day.
 */
export function bookedShare(daysBefore: number): number {
  if (daysBefore <= 0) return 1;
  return 1 / (1 + (daysBefore / 16) ** 1.5);
}

/** The load factor a dated flight departs with (0.1–0.98 of its seats). */
export function finalLoad(leg: ScheduledLeg, day: number): number {
  const { flight, route } = hashesOf(leg);
  const routeBase = 0.5 + 0.25 * uniform(route, 1);
  const noise = 0.45 + 1.1 * uniform(flight, day);
  const load = routeBase * seasonFactor(day) * weekdayFactor(day) * hourFactor(leg.departureMinutes) * noise;
  return Math.min(0.98, Math.max(0.1, load));
}

/**
 * Seats sold elsewhere by `salesDay` (the local day of the sale), per class of the flight's
 * ladder: the cheapest classes sell first, but part of each day's buyers take a dearer class
 * (corporate and flexible travellers), so a cheap class can outlive a busy week.
 */
export function demandSold(flight: DatedFlight, salesDay: number): Map<string, number> {
  const { leg, day, fares } = flight;
  const { flight: hash } = hashesOf(leg);
  let capacity = 0;
  for (const fare of fares) capacity += leg.seatsByClass[fare.classCode] ?? 0;
  const share = bookedShare(day - salesDay);
  let remaining = Math.floor(capacity * finalLoad(leg, day) * share + uniform(hash, day + 7919));
  const sold = new Map<string, number>();
  // Buyers who would pay more than the cheapest fare open: the rest go to the cheapest class left.
  const premium = Math.round(remaining * (0.15 + 0.15 * uniform(hash, day + 104_729)));
  const cheapFirst = remaining - premium;
  remaining = cheapFirst;
  for (const fare of fares) {
    const seats = leg.seatsByClass[fare.classCode] ?? 0;
    const taken = Math.min(seats, remaining);
    sold.set(fare.classCode, taken);
    remaining -= taken;
  }
  remaining += premium;
  for (let i = fares.length - 1; i >= 0 && remaining > 0; i--) {
    const code = (fares[i] as (typeof fares)[number]).classCode;
    const seats = leg.seatsByClass[code] ?? 0;
    const taken = Math.min(seats - (sold.get(code) ?? 0), remaining);
    sold.set(code, (sold.get(code) ?? 0) + taken);
    remaining -= taken;
  }
  return sold;
}

const soldCache = new WeakMap<DatedFlight, { salesDay: number; sold: Map<string, number> }>();

/** `demandSold` of one class, worked out once per dated flight and sales day. */
export function demandSoldIn(flight: DatedFlight, classCode: string, salesDay: number): number {
  let cached = soldCache.get(flight);
  if (!cached || cached.salesDay !== salesDay) {
    cached = { salesDay, sold: demandSold(flight, salesDay) };
    soldCache.set(flight, cached);
  }
  return cached.sold.get(classCode) ?? 0;
}
