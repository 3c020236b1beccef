import { utcOffsetMinutes } from '#shared/time/zoned';
import { MS_PER_DAY } from './calendar';
import { fareConditions } from './fare-conditions';
import { tourismServiceFee } from './fare-rules';
import type { ClassControl } from './flight-network';
import type { RouteFare, ScheduledLeg } from './scheduled-leg';

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

/**
 * Stored ladders (advance purchase, closed to foreigners, business) on every third leg, other
 * seat maps, and admins' class controls (closed classes, overridden fares) from `firstDay`.
 */
export function addStoredLaddersAndControls(
  legs: ScheduledLeg[],
  firstDay: number,
): { fares: RouteFare[]; controls: ClassControl[] } {
  const fares: RouteFare[] = [];
  const controls: ClassControl[] = [];
  const random = seededRandom(7);
  for (const leg of legs) {
    const fare = (
      classCode: string,
      family: string,
      rank: number,
      baseNpr: number,
      advancePurchaseDays: number,
      openToForeigners: boolean,
      cabin: 'economy' | 'business' = 'economy',
    ): RouteFare => ({
      airlineCode: leg.airlineCode,
      origin: leg.origin,
      destination: leg.destination,
      classCode,
      family,
      cabin,
      rank,
      baseNpr,
      baseUsd: Math.round(baseNpr / 130),
      residentialNpr: Math.round(baseNpr * 1.4),
      fuelSurchargeNpr: 500_00,
      fuelSurchargeUsd: 4_00,
      serviceChargeNpr: 200_00,
      serviceChargeUsd: 2_00,
      vatBasisPoints: 1300,
      openToForeigners,
      baggage: '20 KG',
      refundable: false,
      ...tourismServiceFee(false),
      conditions: fareConditions('ZZ', 'saver', { checked_kg: 20, cabin_kg: 5 }),
      advancePurchaseDays,
    });
    if (leg.id % 3 === 0) {
      leg.seatsByClass = { O: 8, B: 12, A: 30, Y: 20, ...(leg.id % 2 ? { J: 8 } : {}) };
      const base = 3000_00 + Math.floor(random() * 5000_00);
      fares.push(
        fare('O', 'Saver', 1, base, 7, false),
        fare('B', 'Saver', 2, Math.round(base * 1.15), 3, false),
        fare('A', 'Apex', 3, Math.round(base * 1.5), 0, true),
        fare('Y', 'Flex', 4, Math.round(base * 1.9), 0, true),
        fare('J', 'Business', 10, base * 4, 0, true, 'business'),
      );
    }
    if (leg.id % 7 === 0) leg.seatsByClass = { J: 4, Y: 10, M: 3, L: 2 };
    const control = { scheduleId: leg.id, baseNpr: null, baseUsd: null };
    if (leg.id % 11 === 0)
      controls.push({
        ...control,
        classCode: leg.id % 2 ? 'L' : 'O',
        fromDay: firstDay + 1,
        toDay: firstDay + 1,
        closed: true,
      });
    if (leg.id % 13 === 0)
      controls.push({
        ...control,
        classCode: 'Y',
        fromDay: firstDay,
        toDay: firstDay + 2,
        closed: null,
        baseNpr: 1234_00,
        baseUsd: 10_00,
      });
  }
  return { fares, controls };
}
