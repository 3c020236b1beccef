import type { Db } from '../../db/client';
import {
  airlines,
  airports,
  countries,
  fares,
  flightSchedules,
  inventoryControls,
} from '../../db/schema/index';
import { dayOf, weekdayMask } from './calendar';
import { sharedConditions } from './fare-conditions';
import { tourismServiceFee } from './fare-rules';
import { type ClassControl, FlightNetwork, type RouteFare, type ScheduledLeg } from './flight-network';

/** The house inventory's supplier id (the first part of its offer ids). */
export const HOUSE_SUPPLIER = 'house';

/**
 * How long a loaded network is trusted before schedules and fares are read again, so a schedule
 * imported by another process shows up without a restart. Seat counts are never cached.
 */
const NETWORK_TTL_MS = 60_000;

export interface LoadedNetwork {
  network: FlightNetwork;
  airlineNames: Map<string, string>;
  /** Every known airport and country code, so a search checks its codes without a query. */
  airportCodes: Set<string>;
  /** Each airport's country code, so a booking tells domestic from international without a query. */
  airportCountries: Map<string, string>;
  countryCodes: Set<string>;
}

const cache = new WeakMap<Db, { loadedAt: number; loading: Promise<LoadedNetwork> }>();

/** Schedules and fares of the house inventory as an in-memory network, cached per database. */
export function loadFlightNetwork(db: Db): Promise<LoadedNetwork> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.loadedAt < NETWORK_TTL_MS) return cached.loading;
  const loading = readNetwork(db);
  cache.set(db, { loadedAt: Date.now(), loading });
  loading.catch(() => cache.delete(db));
  return loading;
}

/** Drops the cached network (after a seed or an import in this process). */
export function forgetFlightNetwork(db: Db): void {
  cache.delete(db);
}

async function readNetwork(db: Db): Promise<LoadedNetwork> {
  const [scheduleRows, fareRows, controlRows, airlineRows, airportRows, countryRows] = [
    await db.select().from(flightSchedules),
    await db.select().from(fares),
    await db.select().from(inventoryControls).orderBy(inventoryControls.id),
    await db.select({ code: airlines.code, name: airlines.name }).from(airlines),
    await db.select({ code: airports.code, country: airports.countryCode }).from(airports),
    await db.select({ code: countries.code }).from(countries),
  ];
  const legs: ScheduledLeg[] = scheduleRows.map((row) => ({
    id: row.id,
    supplier: HOUSE_SUPPLIER,
    airlineCode: row.airlineCode,
    flightNumber: row.flightNumber,
    origin: row.origin,
    destination: row.destination,
    originTimeZone: row.originTimeZone,
    destinationTimeZone: row.destinationTimeZone,
    departureMinutes: row.departureMinutes,
    arrivalMinutes: row.arrivalMinutes,
    arrivalDayOffset: row.arrivalDayOffset,
    weekdays: weekdayMask(row.daysOfOperation),
    fromDay: dayOf(row.effectiveFrom),
    toDay: dayOf(row.effectiveTo),
    aircraft: row.aircraft,
    seatsByClass: row.seatsByClass,
  }));
  const countryOf = new Map(airportRows.map((a) => [a.code, a.country]));
  const international = (origin: string, destination: string) =>
    countryOf.get(origin) !== 'NP' || countryOf.get(destination) !== 'NP';
  // Equal conditions become one object, shared by every fare row and offer that carries it.
  const shared = sharedConditions();
  const routeFares: RouteFare[] = fareRows.map(({ id: _id, ...fare }) => ({
    ...fare,
    conditions: shared(fare.conditions),
    ...tourismServiceFee(international(fare.origin, fare.destination)),
  }));
  const controls: ClassControl[] = controlRows.map((row) => ({
    scheduleId: row.scheduleId,
    classCode: row.classCode,
    fromDay: dayOf(row.fromDate),
    toDay: dayOf(row.toDate),
    closed: row.closed,
    baseNpr: row.baseNpr,
    baseUsd: row.baseUsd,
  }));
  return {
    network: new FlightNetwork(legs, routeFares, controls),
    airlineNames: new Map(airlineRows.map((a) => [a.code, a.name])),
    airportCodes: new Set(airportRows.map((a) => a.code)),
    airportCountries: countryOf,
    countryCodes: new Set(countryRows.map((c) => c.code)),
  };
}
