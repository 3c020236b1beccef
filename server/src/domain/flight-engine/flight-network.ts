import {
  dayOf,
  isoWeekday,
  localDay,
  localToUtc,
  MS_PER_DAY,
  MS_PER_MINUTE,
  todayInNepal,
  toLocalIso,
} from './calendar';
import { type DatedFlight, FlightSlots } from './dated-flight';
import { defaultFaresFor } from './default-fares';
import { demandSeatsLeft, primeDemand } from './demand';
import { passengerTotal } from './price-offer';
import type { FareClass, RouteFare, ScheduledLeg } from './scheduled-leg';

export type { DatedFlight, FareClass, RouteFare, ScheduledLeg };

/** An admin's control over one class of a leg on local days `fromDay`–`toDay` (inventory_controls). */
export interface ClassControl {
  scheduleId: number;
  classCode: string;
  fromDay: number;
  toDay: number;
  /** true closes the class, false opens it again, null leaves it. */
  closed: boolean | null;
  baseNpr: number | null;
  baseUsd: number | null;
}

interface DayIndex {
  /** origin → destination → flights of that local day, by departure time. */
  out: Map<string, Map<string, RouteFlightsOfDay>>;
  /** destination → origin → the same routes as `out`, by where they land. */
  inbound: Map<string, Map<string, RouteFlightsOfDay>>;
  /** origin → its routes of `out` with their destinations' airport ids, in `out`'s order. */
  routesById: Map<string, RoutesById>;
  /** destination → the airport ids of the origins in `inbound`. */
  originIdsInto: Map<string, Int32Array>;
}

/** An airport's routes of a day, each with its destination's airport id (`FlightNetwork.airportCode`). */
export interface RoutesById {
  destinationIds: Int32Array;
  routes: RouteFlightsOfDay[];
}

/** Day indexes kept in memory; the oldest is dropped beyond this. */
const MAX_CACHED_DAYS = 120;
const EMPTY: DatedFlight[] = [];

/**
 * A route's flights of one day, by departure, and their numbers side by side in memory:
 * `slots.departures[start + i]` is `flights[i].departUtc` (the slots are shared by the routes of
 * one origin), so a search finds the first flight after a time, and reads its prices, without
 * visiting each flight.
 */
export interface RouteFlightsOfDay {
  flights: DatedFlight[];
  /** `slots.departures`. */
  departures: Float64Array;
  start: number;
  /** `start + flights.length`. */
  end: number;
  slots: FlightSlots;
}

const EMPTY_SLOTS = new FlightSlots([]);
export const EMPTY_ROUTE: RouteFlightsOfDay = {
  flights: EMPTY,
  departures: EMPTY_SLOTS.departures,
  start: 0,
  end: 0,
  slots: EMPTY_SLOTS,
};

/**
 * Every supplier's scheduled legs and fares, expanded lazily into dated flights one local day at a
 * time and indexed by origin and destination: what the search engine walks.
 */
export class FlightNetwork {
  readonly legsByOrigin = new Map<string, ScheduledLeg[]>();
  private readonly faresByRoute = new Map<string, FareClass[]>();
  private readonly faresByLeg = new Map<ScheduledLeg, FareClass[]>();
  private readonly days = new Map<number, DayIndex>();
  /** The day index asked for last (a search asks for the same day many times in a row). */
  private lastDay = Number.NaN;
  private lastDayIndex: DayIndex | undefined;
  readonly legCount: number;
  /** Every airport of the schedules by a number of its own, from 0 (`airportCode`). */
  private readonly airportIds = new Map<string, number>();
  private readonly airportCodes: string[] = [];
  /** Admins' class controls by schedule id, in the order they were made. */
  private readonly controlsByLeg = new Map<number, ClassControl[]>();

  constructor(legs: ScheduledLeg[], fares: RouteFare[], controls: ClassControl[] = []) {
    for (const control of controls) {
      const list = this.controlsByLeg.get(control.scheduleId) ?? [];
      list.push(control);
      this.controlsByLeg.set(control.scheduleId, list);
    }
    for (const fare of fares) {
      const key = routeKey(fare.airlineCode, fare.origin, fare.destination);
      const list = this.faresByRoute.get(key) ?? [];
      list.push(fare);
      this.faresByRoute.set(key, list);
    }
    for (const list of this.faresByRoute.values()) list.sort((a, b) => a.rank - b.rank);
    for (const leg of legs) {
      const list = this.legsByOrigin.get(leg.origin) ?? [];
      list.push(leg);
      this.legsByOrigin.set(leg.origin, list);
      this.idOf(leg.origin);
      this.idOf(leg.destination);
    }
    this.legCount = legs.length;
  }

  private idOf(airport: string): number {
    let id = this.airportIds.get(airport);
    if (id === undefined) {
      id = this.airportCodes.length;
      this.airportCodes.push(airport);
      this.airportIds.set(airport, id);
    }
    return id;
  }

  /** How many airports the schedules serve (their ids are 0 to one less). */
  get airportCount(): number {
    return this.airportCodes.length;
  }

  /** The airport of an id (`RoutesById.destinationIds`, `originIdsInto`). */
  airportCode(id: number): string {
    return this.airportCodes[id] as string;
  }

  /** An origin's routes on a local day with their destinations' ids, for walking by id. */
  routesFromById(origin: string, day: number): RoutesById | undefined {
    return this.dayIndex(day).routesById.get(origin);
  }

  /** The ids of the airports with a flight into a destination on a local day. */
  originIdsInto(destination: string, day: number): Int32Array | undefined {
    return this.dayIndex(day).originIdsInto.get(destination);
  }

  /** A leg's fare classes: its route's stored fares, or the plausible defaults for its block time. */
  faresOf(leg: ScheduledLeg): FareClass[] {
    let fares = this.faresByLeg.get(leg);
    if (!fares) {
      const stored = this.faresByRoute.get(routeKey(leg.airlineCode, leg.origin, leg.destination));
      const all = stored ?? defaultFaresFor(leg);
      const withSeats = all.filter((fare) => (leg.seatsByClass[fare.classCode] ?? 0) > 0);
      // The route's own list when every class has seats: legs share it (fewer objects to read).
      fares = withSeats.length === all.length ? all : withSeats;
      this.faresByLeg.set(leg, fares);
    }
    return fares;
  }

  /**
   * A leg's classes on one local day, after the admins' controls: closed classes left out,
   * overridden base fares in place (the residential fare keeps its ratio to the NPR fare).
   */
  faresOn(leg: ScheduledLeg, day: number): FareClass[] {
    const fares = this.faresOf(leg);
    const controls = this.controlsByLeg.get(leg.id);
    if (!controls) return fares;
    const applying = controls.filter((c) => day >= c.fromDay && day <= c.toDay);
    if (applying.length === 0) return fares;
    const out: FareClass[] = [];
    for (const fare of fares) {
      let closed = false;
      let adjusted = fare;
      for (const control of applying) {
        if (control.classCode !== fare.classCode) continue;
        if (control.closed !== null) closed = control.closed;
        if (control.baseNpr !== null)
          adjusted = {
            ...adjusted,
            baseNpr: control.baseNpr,
            residentialNpr: Math.round((control.baseNpr * fare.residentialNpr) / Math.max(1, fare.baseNpr)),
          };
        if (control.baseUsd !== null) adjusted = { ...adjusted, baseUsd: control.baseUsd };
      }
      if (!closed) out.push(adjusted);
    }
    return out;
  }

  /** Flights from an origin to a destination leaving on a local day, by departure time. */
  flights(origin: string, destination: string, day: number): DatedFlight[] {
    return this.dayIndex(day).out.get(origin)?.get(destination)?.flights ?? EMPTY;
  }

  /** Destinations served from an origin on a local day. */
  destinations(origin: string, day: number): Map<string, RouteFlightsOfDay> | undefined {
    return this.dayIndex(day).out.get(origin);
  }

  /** Routes into a destination on a local day, by origin. */
  routesInto(destination: string, day: number): Map<string, RouteFlightsOfDay> | undefined {
    return this.dayIndex(day).inbound.get(destination);
  }

  /** `flights()` with their departure instants side by side in memory. */
  route(origin: string, destination: string, day: number): RouteFlightsOfDay {
    return this.dayIndex(day).out.get(origin)?.get(destination) ?? EMPTY_ROUTE;
  }

  /**
   * `route()` found through the destination's routes: cheaper when many routes into one
   * destination are looked up in a row (the destination's map stays in the cache).
   */
  routeInto(origin: string, destination: string, day: number): RouteFlightsOfDay {
    return this.dayIndex(day).inbound.get(destination)?.get(origin) ?? EMPTY_ROUTE;
  }

  /** One dated flight by its public identity, or undefined when it does not operate that day. */
  findFlight(airlineCode: string, flightNumber: string, origin: string, destination: string, day: number) {
    return this.flights(origin, destination, day).find(
      (f) => f.leg.airlineCode === airlineCode && f.leg.flightNumber === flightNumber,
    );
  }

  /**
   * The dated flights named by flight ids (`U4601-2026-05-01`: airline code and number, then the
   * local departure date), those that fly; ids of no flight are passed over.
   */
  datedFlightsNamed(flightIds: Iterable<string>): Set<DatedFlight> {
    const named = new Set<DatedFlight>();
    for (const flightId of flightIds) {
      const day = dayOf(flightId.slice(-10));
      const designator = flightId.slice(0, -11);
      if (!Number.isInteger(day)) continue;
      for (const legs of this.legsByOrigin.values()) {
        for (const leg of legs) {
          if (`${leg.airlineCode}${leg.flightNumber}` !== designator) continue;
          const flight = this.flights(leg.origin, leg.destination, day).find((f) => f.leg === leg);
          if (flight) named.add(flight);
        }
      }
    }
    return named;
  }

  /** A leg on a day, placed in UTC (whether or not it operates then: callers check). */
  datedFlight(leg: ScheduledLeg, day: number, fares = this.faresOn(leg, day)): DatedFlight {
    const departUtc = localToUtc(day, leg.departureMinutes, leg.originTimeZone);
    let arriveUtc = localToUtc(day + leg.arrivalDayOffset, leg.arrivalMinutes, leg.destinationTimeZone);
    // A schedule whose arrival would precede its departure is read as arriving the next day.
    if (arriveUtc <= departUtc) arriveUtc += MS_PER_DAY;
    const arrivalDay = localDay(arriveUtc, leg.destinationTimeZone);
    return {
      leg,
      day,
      departUtc,
      arriveUtc,
      arrivalDay,
      fares,
      ladder: this.faresOf(leg),
      finalLoad: Number.NaN,
      demandSeatsLeft: undefined,
      demandSalesDay: Number.NaN,
      slots: undefined,
      slot: -1,
    };
  }

  private dayIndex(day: number): DayIndex {
    if (day === this.lastDay) return this.lastDayIndex as DayIndex;
    const cached = this.days.get(day);
    if (cached) {
      this.lastDay = day;
      this.lastDayIndex = cached;
      return cached;
    }
    const weekdayBit = 1 << (isoWeekday(day) - 1);
    const salesDay = todayInNepal();
    const index: DayIndex = {
      out: new Map(),
      inbound: new Map(),
      routesById: new Map(),
      originIdsInto: new Map(),
    };
    for (const [origin, legs] of this.legsByOrigin) {
      let byDestination: Map<string, DatedFlight[]> | undefined;
      for (const leg of legs) {
        if (day < leg.fromDay || day > leg.toDay || (leg.weekdays & weekdayBit) === 0) continue;
        const fares = this.faresOn(leg, day);
        if (fares.length === 0) continue;
        byDestination ??= new Map();
        const list = byDestination.get(leg.destination) ?? [];
        const flight = this.datedFlight(leg, day, fares);
        primeDemand(flight, salesDay);
        list.push(flight);
        byDestination.set(leg.destination, list);
      }
      if (!byDestination) continue;
      for (const list of byDestination.values()) list.sort((a, b) => a.departUtc - b.departUtc);
      const all: DatedFlight[] = [];
      for (const flights of byDestination.values()) for (const flight of flights) all.push(flight);
      const slots = new FlightSlots(all);
      slots.keepFareFacts(
        salesDay,
        (flight, classCode) => demandSeatsLeft(flight, classCode, salesDay),
        (fare) => passengerTotal(fare, 'npr', 'adult'),
      );
      const routes = new Map<string, RouteFlightsOfDay>();
      let start = 0;
      for (const [destination, flights] of byDestination) {
        const route = { flights, departures: slots.departures, start, end: start + flights.length, slots };
        routes.set(destination, route);
        let into = index.inbound.get(destination);
        if (!into) {
          into = new Map();
          index.inbound.set(destination, into);
        }
        into.set(origin, route);
        start = route.end;
      }
      index.out.set(origin, routes);
      const destinationIds = new Int32Array(routes.size);
      let r = 0;
      for (const destination of routes.keys()) destinationIds[r++] = this.idOf(destination);
      index.routesById.set(origin, { destinationIds, routes: [...routes.values()] });
    }
    for (const [destination, into] of index.inbound) {
      const ids = new Int32Array(into.size);
      let r = 0;
      for (const origin of into.keys()) ids[r++] = this.idOf(origin);
      index.originIdsInto.set(destination, ids);
    }
    if (this.days.size >= MAX_CACHED_DAYS) {
      const oldest = this.days.keys().next().value;
      if (oldest !== undefined) this.days.delete(oldest);
      if (oldest === this.lastDay) this.lastDay = Number.NaN;
    }
    this.days.set(day, index);
    return index;
  }
}

export const routeKey = (airline: string, origin: string, destination: string) =>
  `${airline}|${origin}|${destination}`;

/** Block time of a dated flight in minutes. */
export const blockMinutes = (flight: DatedFlight) =>
  Math.round((flight.arriveUtc - flight.departUtc) / MS_PER_MINUTE);

const localTimes = new WeakMap<DatedFlight, { departAt: string; arriveAt: string }>();

/** A dated flight's departure and arrival as local ISO times (worked out once per flight). */
export function localTimesOf(flight: DatedFlight): { departAt: string; arriveAt: string } {
  let times = localTimes.get(flight);
  if (!times) {
    times = {
      departAt: toLocalIso(flight.departUtc, flight.leg.originTimeZone),
      arriveAt: toLocalIso(flight.arriveUtc, flight.leg.destinationTimeZone),
    };
    localTimes.set(flight, times);
  }
  return times;
}
