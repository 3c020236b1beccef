import { isoWeekday, MS_PER_DAY } from './calendar';
import type { DatedFlight } from './dated-flight';
import type { FareClass, ScheduledLeg } from './scheduled-leg';

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
  let factor = seasonFactors.get(day);
  if (factor === undefined) {
    factor = seasonFactorOf(day);
    seasonFactors.set(day, factor);
  }
  return factor;
}

const seasonFactors = new Map<number, number>();

function seasonFactorOf(day: number): number {
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
  const routeBase = 0.6 + 0.3 * uniform(route, 1);
  const noise = 0.45 + 1.1 * uniform(flight, day);
  const load = routeBase * seasonFactor(day) * weekdayFactor(day) * hourFactor(leg.departureMinutes) * noise;
  return Math.min(0.98, Math.max(0.1, load));
}

/**
 * Seats of one class sold elsewhere by `salesDay` (the local day of the sale). Economy buyers
 * mostly take the cheapest class left (the ladder fills from the bottom), but a share of them
 * (corporate and flexible travellers) buy dearer classes in proportion to their allotments, so a
 * cheap class can outlive a busy week; the business cabin fills to 60 % of the economy load.
 * The whole ladder is worked out at the first call for a sales day and kept on the dated flight
 * (a search asks for the same flight's classes many times, and every search of a day has the
 * same sales day), so later calls only find the class in the ladder.
 */
export function demandSoldIn(flight: DatedFlight, classCode: string, salesDay: number): number {
  const at = ladderIndex(flight, classCode);
  if (at < 0) return 0;
  // Sold elsewhere never exceeds the class's seats, so the seats left give it back exactly.
  return (flight.leg.seatsByClass[classCode] ?? 0) - (seatsLeftOf(flight, salesDay)[at] as number);
}

/**
 * A class's seats the demand model leaves (capacity less `demandSoldIn`): what a flight without
 * Tikat's own holds or sales can sell, read without touching the schedule.
 */
export function demandSeatsLeft(flight: DatedFlight, classCode: string, salesDay: number): number {
  const at = ladderIndex(flight, classCode);
  if (at < 0) return Math.max(0, flight.leg.seatsByClass[classCode] ?? 0);
  return seatsLeftOf(flight, salesDay)[at] as number;
}

/** Where a class is in the flight's ladder (the last of that code, as a ladder never repeats one). */
function ladderIndex(flight: DatedFlight, classCode: string): number {
  const { ladder } = flight;
  for (let i = ladder.length - 1; i >= 0; i--) if ((ladder[i] as FareClass).classCode === classCode) return i;
  return -1;
}

/**
 * Works out a flight's seats left on a sales day ahead of any search: the network does it for
 * every flight of a day as it expands the day, while the flight's other data are at hand, since a
 * search touching thousands of flights for the first time is what makes a slow search.
 */
export function primeDemand(flight: DatedFlight, salesDay: number): void {
  seatsLeftOf(flight, salesDay);
}

/** The seats the demand model leaves in each ladder class of the flight on a sales day. */
function seatsLeftOf(flight: DatedFlight, salesDay: number): number[] {
  let left = flight.demandSeatsLeft;
  if (left === undefined || flight.demandSalesDay !== salesDay) {
    left = leftOverLadder(flight, salesDay);
    flight.demandSeatsLeft = left;
    flight.demandSalesDay = salesDay;
  }
  return left;
}

/**
 * Each ladder class's seats less those sold elsewhere by the sales day, in ladder order. Worked
 * out for thousands of flights a search touches first, so it allocates only the array it returns.
 */
function leftOverLadder(flight: DatedFlight, salesDay: number): number[] {
  const { leg, day, ladder } = flight;
  const seatsByClass = leg.seatsByClass;
  const count = ladder.length;
  const left: number[] = new Array(count);
  let economySeats = 0;
  let dearerSeats = 0;
  let cheapest = -1;
  for (let i = 0; i < count; i++) {
    const fare = ladder[i] as FareClass;
    const seats = seatsByClass[fare.classCode] ?? 0;
    left[i] = seats;
    if (fare.cabin !== 'economy') continue;
    economySeats += seats;
    if (cheapest >= 0) dearerSeats += seats;
    else cheapest = i;
  }
  if (count === 0) return left;
  const { flight: hash } = hashesOf(leg);
  // Kept on the dated flight (one number, not a map per flight): a search asks for it often.
  if (Number.isNaN(flight.finalLoad)) flight.finalLoad = finalLoad(leg, day);
  const load = flight.finalLoad * bookedShare(day - salesDay);
  const businessDraw = uniform(hash, day + 31);
  let total = 0;
  let premium = 0;
  if (cheapest >= 0) {
    total = Math.floor(economySeats * load + uniform(hash, day + 7919));
    premium = total * (0.15 + 0.15 * uniform(hash, day + 104_729));
  }
  // Premium buyers first (dearer economy classes in proportion to their seats), then the rest of
  // the economy buyers fill the ladder from the bottom; business fills to 60 % of the load.
  let remaining = total;
  for (let i = 0; i < count; i++) {
    const fare = ladder[i] as FareClass;
    const seats = left[i] as number;
    if (fare.cabin !== 'economy') {
      left[i] = seats - Math.min(seats, Math.floor(seats * load * 0.6 + businessDraw));
    } else if (i !== cheapest) {
      const premiumSold = Math.min(seats, Math.floor((premium * seats) / Math.max(1, dearerSeats)));
      remaining -= premiumSold;
      left[i] = seats - premiumSold;
    }
  }
  for (let i = 0; i < count; i++) {
    if ((ladder[i] as FareClass).cabin !== 'economy') continue;
    const taken = Math.min(left[i] as number, remaining);
    left[i] = (left[i] as number) - taken;
    remaining -= taken;
  }
  return left;
}

/** `demandSoldIn` for every class of the flight's ladder. */
export function demandSold(flight: DatedFlight, salesDay: number): Map<string, number> {
  return new Map(
    flight.ladder.map((fare) => [fare.classCode, demandSoldIn(flight, fare.classCode, salesDay)]),
  );
}
