import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { MAX_DAYS_AHEAD } from '#shared/flights';
import type { OfferConditions } from '#shared/offer-conditions';
import { localWallMs } from '#shared/time/zoned';
import type { Db } from '../db/client';
import { airlines, airports, fares, flightSchedules } from '../db/schema/index';
import {
  dateOf,
  localToUtc,
  MS_PER_DAY,
  MS_PER_MINUTE,
  todayInNepal,
} from '../domain/flight-engine/calendar';
import {
  describeBaggage,
  fareConditions,
  type RuleFamily,
  refundsFare,
} from '../domain/flight-engine/fare-conditions';
import { NPR_PER_USD, RESIDENTIAL_FARE_FACTOR, routeCharges } from '../domain/flight-engine/fare-rules';
import { forgetFlightNetwork } from '../domain/flight-engine/load-flight-network';
import { type ScheduleRow, upsertSchedules } from '../domain/inventory/upsert-schedules';
import {
  AIRCRAFT_SEATS,
  airlinePriceFactor,
  DOMESTIC_FUEL_NPR_PER_MINUTE,
  demoOnlyAirlines,
  domesticFuelSurchargeNpr,
  domesticRoutes,
  domesticYFares,
  hubRoutes,
  internationalRoutes,
  mountainFlights,
  type RouteSpec,
} from './demo-network';

type FareRow = typeof fares.$inferInsert;

/** Minutes on the ground before a return flight (estimate). */
const TURNAROUND_MINUTES = { domestic: 30, international: 90 };

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const mod = (n: number, m: number) => ((n % m) + m) % m;
const shiftDays = (days: string, shift: number) =>
  [...days]
    .map((d) => String(mod(Number(d) - 1 + shift, 7) + 1))
    .sort()
    .join('');

/**
 * The demo year's schedules: each route's flights and their returns (next flight number, after a
 * turnaround), effective from `today` for a year. Arrival times are local times on `today`.
 */
export function buildDemoSchedules(today: number, timeZones: Map<string, string>): ScheduleRow[] {
  const from = dateOf(today);
  const to = dateOf(today + MAX_DAYS_AHEAD);
  const zone = (code: string) => {
    const tz = timeZones.get(code);
    if (!tz) throw new Error(`The demo network uses ${code}, which is not in the airports table.`);
    return tz;
  };
  // Minutes counted from `today`'s midnight in a zone ↔ instants.
  const instantOf = (minutes: number, code: string) => localToUtc(today, minutes, zone(code));
  const minutesIn = (instant: number, code: string) =>
    (localWallMs(instant, zone(code)) - today * MS_PER_DAY) / MS_PER_MINUTE;
  const rows: ScheduleRow[] = [];
  const add = (
    spec: RouteSpec,
    flightNumber: number,
    origin: string,
    destination: string,
    dep: number,
    arrAbs: number,
    days: string,
  ) => {
    rows.push({
      key: `demo:${spec.airline}-${flightNumber}`,
      source: 'demo',
      airlineCode: spec.airline,
      flightNumber: String(flightNumber),
      origin,
      destination,
      originTimeZone: zone(origin),
      destinationTimeZone: zone(destination),
      departureMinutes: dep,
      arrivalMinutes: mod(arrAbs, 1440),
      arrivalDayOffset: Math.floor(arrAbs / 1440),
      daysOfOperation: days,
      effectiveFrom: from,
      effectiveTo: to,
      aircraft: spec.aircraft,
      seatsByClass: AIRCRAFT_SEATS[spec.aircraft] ?? { Y: 20 },
    });
  };
  const international = new Set([...internationalRoutes, ...hubRoutes]);
  for (const spec of [...domesticRoutes, ...mountainFlights, ...internationalRoutes, ...hubRoutes]) {
    const turnaround = international.has(spec)
      ? TURNAROUND_MINUTES.international
      : TURNAROUND_MINUTES.domestic;
    const days = spec.days ?? '1234567';
    spec.departures.forEach((time, i) => {
      const dep = minutesOf(time);
      const loop = spec.from === spec.to;
      const outNumber = spec.number + (loop ? i : 2 * i);
      // Minutes counted from the outbound day's midnight in each airport's local time.
      const arrLocal = minutesIn(instantOf(dep, spec.from) + spec.block * MS_PER_MINUTE, spec.to);
      add(spec, outNumber, spec.from, spec.to, dep, arrLocal, days);
      if (loop) return;
      const returnDepLocal = arrLocal + turnaround;
      const shift = Math.floor(returnDepLocal / 1440);
      const returnArrLocal =
        minutesIn(instantOf(returnDepLocal, spec.to) + spec.block * MS_PER_MINUTE, spec.from) - shift * 1440;
      add(
        spec,
        outNumber + 1,
        spec.to,
        spec.from,
        mod(returnDepLocal, 1440),
        returnArrLocal,
        shiftDays(days, shift),
      );
    });
  }
  return rows;
}

interface ClassSpec {
  classCode: string;
  family: string;
  cabin: 'economy' | 'business';
  rank: number;
  /** Share of the route's full (Y) fare. */
  share: number;
  baggage: OfferConditions['baggage'];
  rules: RuleFamily;
  openToForeigners: boolean;
  /** Closes this many days before departure (0 = never). */
  advancePurchaseDays: number;
}

const klass = (
  classCode: string,
  family: string,
  rank: number,
  share: number,
  baggage: OfferConditions['baggage'],
  rules: RuleFamily,
  openToForeigners = true,
  cabin: ClassSpec['cabin'] = 'economy',
  advancePurchaseDays = 0,
): ClassSpec => ({
  classCode,
  family,
  cabin,
  rank,
  share,
  baggage,
  rules,
  openToForeigners,
  advancePurchaseDays,
});

/** Free baggage: checked + hand kilograms (hand 0: the fare states none, as in "15 KG"). */
const kg = (checked_kg: number, cabin_kg: number) => ({ checked_kg, cabin_kg });

/**
 * Buddha-Air-style domestic ladder (Y, A and B from domain-nepal.md): the Saver family in two
 * steps, O (estimate: 7-day advance purchase) below B (3-day advance purchase), both closed to
 * foreigners.
 */
const DOMESTIC_CLASSES = [
  klass('O', 'Saver', 1, 0.52, kg(15, 0), 'saver', false, 'economy', 7),
  klass('B', 'Saver', 2, 0.6, kg(15, 0), 'saver', false, 'economy', 3),
  klass('A', 'Apex', 3, 0.8, kg(20, 5), 'apex'),
  klass('Y', 'Flex', 4, 1, kg(25, 5), 'flex'),
];
/** International classes (estimate): Saver closes 7 days and Standard 3 days before departure. */
const INTERNATIONAL_CLASSES = [
  klass('L', 'Saver', 1, 0.55, kg(20, 0), 'saver', true, 'economy', 7),
  klass('M', 'Standard', 2, 0.75, kg(25, 0), 'apex', true, 'economy', 3),
  klass('Y', 'Flex', 3, 1, kg(30, 0), 'flex'),
  klass('J', 'Business', 4, 3, kg(40, 0), 'flex', true, 'business'),
];

/** One fare row; amounts in minor units. */
function fareRow(
  route: { airline: string; origin: string; destination: string; domestic: boolean },
  c: ClassSpec,
  amounts: { baseNpr: number; baseUsd: number; residentialNpr: number; fuelNpr: number; fuelUsd: number },
  baggage = c.baggage,
): FareRow {
  const conditions = fareConditions(route.airline, c.rules, baggage);
  return {
    airlineCode: route.airline,
    origin: route.origin,
    destination: route.destination,
    classCode: c.classCode,
    family: c.family,
    cabin: c.cabin,
    rank: c.rank,
    baseNpr: amounts.baseNpr,
    baseUsd: amounts.baseUsd,
    residentialNpr: amounts.residentialNpr,
    fuelSurchargeNpr: amounts.fuelNpr,
    fuelSurchargeUsd: amounts.fuelUsd,
    ...routeCharges(route.domestic),
    openToForeigners: c.openToForeigners,
    baggage: describeBaggage(baggage),
    refundable: refundsFare(conditions),
    conditions,
    advancePurchaseDays: c.advancePurchaseDays,
  };
}

/** Domestic fares: the route's Y fare × the airline's price level × the class's share. */
function domesticFares(spec: RouteSpec, origin: string, destination: string): FareRow[] {
  const y = domesticYFares[`${spec.from}-${spec.to}`];
  if (!y) throw new Error(`No demo fare for ${spec.from}-${spec.to}`);
  const factor = airlinePriceFactor[spec.airline] ?? 1;
  const fuelNpr =
    domesticFuelSurchargeNpr[`${spec.from}-${spec.to}`] ?? DOMESTIC_FUEL_NPR_PER_MINUTE * spec.block;
  const stol = ['DHT', 'D28', 'L4T'].includes(spec.aircraft);
  const mountain = spec.from === spec.to;
  return DOMESTIC_CLASSES.map((c) => {
    const baseNpr = Math.round(y.npr * factor * c.share) * 100;
    // Foreigners' USD fare: the saver class (closed to them) mirrors Apex.
    const usdShare = c.share < 1 ? 0.9 : 1;
    return fareRow(
      { airline: spec.airline, origin, destination, domestic: true },
      c,
      {
        baseNpr,
        baseUsd: Math.round(y.usd * factor * usdShare) * 100,
        residentialNpr: Math.round(baseNpr * RESIDENTIAL_FARE_FACTOR),
        fuelNpr: fuelNpr * 100,
        fuelUsd: Math.round((fuelNpr * 100) / NPR_PER_USD),
      },
      mountain ? kg(0, 0) : stol ? kg(10, 5) : c.baggage, // STOL limit and loop flight: estimates
    );
  });
}

/** International fares (estimate): USD 60 + USD 0.60 a block minute for Y, NPR at 133 to the dollar. */
function internationalFares(spec: RouteSpec, origin: string, destination: string): FareRow[] {
  const yUsd = 60 + 0.6 * spec.block;
  const fuelUsd = Math.round(0.15 * spec.block);
  return INTERNATIONAL_CLASSES.map((c) => {
    const baseUsd = Math.round(yUsd * c.share) * 100;
    return fareRow({ airline: spec.airline, origin, destination, domestic: false }, c, {
      baseNpr: baseUsd * NPR_PER_USD,
      baseUsd,
      residentialNpr: baseUsd * NPR_PER_USD,
      fuelNpr: fuelUsd * NPR_PER_USD * 100,
      fuelUsd: fuelUsd * 100,
    });
  });
}

/** Fares for every airline and route of the demo network, both directions. */
export function buildDemoFares(): FareRow[] {
  const rows = new Map<string, FareRow>();
  const add = (row: FareRow) =>
    rows.set(`${row.airlineCode}|${row.origin}|${row.destination}|${row.classCode}`, row);
  for (const spec of [...domesticRoutes, ...mountainFlights]) {
    for (const row of domesticFares(spec, spec.from, spec.to)) add(row);
    for (const row of domesticFares(spec, spec.to, spec.from)) add(row);
  }
  for (const spec of [...internationalRoutes, ...hubRoutes]) {
    for (const row of internationalFares(spec, spec.from, spec.to)) add(row);
    for (const row of internationalFares(spec, spec.to, spec.from)) add(row);
  }
  return [...rows.values()];
}

const chunk = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Seeds the deterministic demo year (idempotent): nothing is written when every demo schedule
 * already runs a full year from today; otherwise schedules and fares are upserted, a schedule's
 * period only ever widening. Returns how many schedules were written.
 */
export async function seedDemoFlights(db: Db, today = todayInNepal()): Promise<number> {
  const target = dateOf(today + MAX_DAYS_AHEAD);
  const expected = buildScheduleCount();
  const [current] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(flightSchedules)
    .where(and(eq(flightSchedules.source, 'demo'), gte(flightSchedules.effectiveTo, target)));
  if ((current?.count ?? 0) >= expected) return 0;

  const codes = new Set<string>();
  for (const spec of [...domesticRoutes, ...mountainFlights, ...internationalRoutes, ...hubRoutes]) {
    codes.add(spec.from);
    codes.add(spec.to);
  }
  const zoneRows = await db
    .select({ code: airports.code, timeZone: airports.timeZone })
    .from(airports)
    .where(inArray(airports.code, [...codes]));
  const schedules = buildDemoSchedules(today, new Map(zoneRows.map((r) => [r.code, r.timeZone])));
  const fareRows = buildDemoFares();
  await db.transaction(async (tx) => {
    await tx
      .insert(airlines)
      .values(demoOnlyAirlines.map((a) => ({ ...a })))
      .onConflictDoNothing();
    await upsertSchedules(tx, { rows: schedules, period: 'widen' });
    for (const batch of chunk(fareRows, 300)) {
      await tx.insert(fares).values(batch).onConflictDoNothing();
    }
  });
  forgetFlightNetwork(db);
  return schedules.length;
}

function buildScheduleCount(): number {
  let count = 0;
  for (const spec of [...domesticRoutes, ...mountainFlights, ...internationalRoutes, ...hubRoutes]) {
    count += spec.departures.length * (spec.from === spec.to ? 1 : 2);
  }
  return count;
}
