import { utcOffsetMinutes } from '#shared/time/zoned';
import { MS_PER_DAY } from './calendar';
import type { ScheduledLeg } from './scheduled-leg';

/** A deterministic pseudo-random generator (mulberry32): the same seed gives the same world. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Zones the synthetic airports are spread over (fixed offsets, plus Nepal's +05:45). */
const ZONES = [
  'Etc/GMT+8',
  'Etc/GMT+5',
  'Etc/GMT',
  'Etc/GMT-1',
  'Etc/GMT-3',
  'Etc/GMT-4',
  'Asia/Kathmandu',
  'Etc/GMT-8',
  'Etc/GMT-10',
];

export interface SyntheticWorldOptions {
  airports: number;
  flightsPerDay: number;
  /** Share of airports that are hubs. */
  hubShare?: number;
  /** Chance that each end of a flight is a hub. */
  hubBias?: number;
  firstDay: number;
  days: number;
  seed?: number;
  seatsByClass?: Record<string, number>;
}

export interface SyntheticWorld {
  airports: string[];
  hubs: string[];
  legs: ScheduledLeg[];
}

/** Three-letter code of an airport index: AAA, AAB, … */
export const syntheticCode = (index: number) =>
  String.fromCharCode(
    65 + (Math.floor(index / 676) % 26),
    65 + (Math.floor(index / 26) % 26),
    65 + (index % 26),
  );

/**
 * A hub-skewed world schedule for the benchmark and the property tests: daily legs between
 * airports of several time zones, most touching a hub, block time growing with a made-up distance.
 */
export function buildSyntheticWorld(options: SyntheticWorldOptions): SyntheticWorld {
  const random = seededRandom(options.seed ?? 42);
  const airports = Array.from({ length: options.airports }, (_, i) => syntheticCode(i));
  const zoneOf = new Map(airports.map((code, i) => [code, ZONES[i % ZONES.length] as string]));
  const hubCount = Math.max(2, Math.round(options.airports * (options.hubShare ?? 0.02)));
  const hubs = airports.slice(0, hubCount);
  const hubBias = options.hubBias ?? 0.7;
  const pick = () =>
    random() < hubBias
      ? (hubs[Math.floor(random() ** 2 * hubs.length)] as string)
      : (airports[Math.floor(random() * airports.length)] as string);
  const legs: ScheduledLeg[] = [];
  for (let i = 0; i < options.flightsPerDay; i++) {
    const origin = pick();
    let destination = pick();
    while (destination === origin) destination = airports[Math.floor(random() * airports.length)] as string;
    const block = 30 + Math.floor(random() * 600);
    const departure = Math.floor(random() * 288) * 5;
    const originZone = zoneOf.get(origin) as string;
    const destinationZone = zoneOf.get(destination) as string;
    // Local arrival = departure + block + the zones' offset difference (fixed-offset zones).
    const shift = zoneShiftMinutes(originZone, destinationZone, options.firstDay * MS_PER_DAY);
    const arrivalAbsolute = departure + block + shift;
    legs.push({
      id: i + 1,
      supplier: 'house',
      airlineCode: `X${String.fromCharCode(65 + (i % 26))}`,
      flightNumber: String(1 + (i % 9000)),
      origin,
      destination,
      originTimeZone: originZone,
      destinationTimeZone: destinationZone,
      departureMinutes: departure,
      arrivalMinutes: ((arrivalAbsolute % 1440) + 1440) % 1440,
      arrivalDayOffset: Math.floor(arrivalAbsolute / 1440),
      weekdays: 0b1111111,
      fromDay: options.firstDay,
      toDay: options.firstDay + options.days - 1,
      aircraft: '320',
      seatsByClass: options.seatsByClass ?? { Y: 30, M: 60, L: 60 },
    });
  }
  return { airports, hubs, legs };
}

function zoneShiftMinutes(from: string, to: string, at: number): number {
  return utcOffsetMinutes(to, at) - utcOffsetMinutes(from, at);
}
