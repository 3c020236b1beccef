import { MS_PER_DAY, MS_PER_MINUTE } from './calendar';
import type { DatedFlight, FlightSlots } from './dated-flight';
import { EMPTY_ROUTE, type FlightNetwork, type RouteFlightsOfDay } from './flight-network';

/** Most stops an itinerary may have. */
export const MAX_STOPS = 2;
/** Longest wait between two flights of an itinerary. */
export const MAX_CONNECTION_MS = MS_PER_DAY;
/** How many onward flights are tried after each arrival (earliest first). */
const ONWARD_CANDIDATES_ONE_STOP = 3;
const ONWARD_CANDIDATES_TWO_STOPS = 2;
/**
 * Two-stop itineraries are searched only when fewer than this many direct and one-stop ones
 * exist: with that many simpler choices a two-stop trip is almost never the Pareto-best, and
 * between two hubs the two-stop combinations run into the millions.
 */
export const TWO_STOP_SEARCH_BELOW = 10;
/** Most two-stop candidates generated for one search (bounds the work between busy airports). */
const MAX_TWO_STOP_CANDIDATES = 5_000;

export interface ItineraryQuery {
  origin: string;
  destination: string;
  /** Local departure day number at the origin. */
  day: number;
  maxStops: number;
  /** Whether a flight can carry this search's passengers (a sellable class with seats). */
  usable(flight: DatedFlight): boolean;
  /** Minimum connection time at an airport, in minutes. */
  minConnectionMinutes(airport: string): number;
  /** The flight's cheapest price for this search (to prune dominated connections); 0 if unknown. */
  cost?(flight: DatedFlight): number;
  /**
   * `cost` by the flight's slot, infinity for a flight `usable` refuses (build-offers.ts
   * `flightTests`): the search's loops then read prices without visiting flights.
   */
  leadAt?(slots: FlightSlots, slot: number): number;
}

/** A search's price of a flight by slot: infinity when it cannot carry the search's passengers. */
type LeadAt = (slots: FlightSlots, slot: number) => number;

function leadAtOf(query: ItineraryQuery): LeadAt {
  if (query.leadAt) return query.leadAt;
  const cost = query.cost ?? (() => 0);
  return (slots, slot) => {
    const flight = slots.flights[slot] as DatedFlight;
    return query.usable(flight) ? cost(flight) : Number.POSITIVE_INFINITY;
  };
}

/**
 * The cheapest start found so far into a flight, per search phase: kept in the flights' slots
 * (`reachStamp`, `reachCost`) under a stamp no other phase uses, so nothing is cleared between
 * searches and no flight is visited to look it up.
 */
let lastReachStamp = 0;

/** Whether a start of `cost` into flight `slot` of `slots` is new or cheaper; records it if so. */
function reachedCheaper(slots: FlightSlots, slot: number, stamp: number, cost: number): boolean {
  if (slots.reachStamp[slot] === stamp && (slots.reachCost[slot] as number) <= cost) return false;
  slots.reachStamp[slot] = stamp;
  slots.reachCost[slot] = cost;
  return true;
}

/**
 * Candidate itineraries for one leg of a search: every direct flight, and connections through
 * one or two airports where each onward flight leaves at least the airport's minimum connection
 * time after the arrival and at most 24 h later. Only the earliest few onward flights after each
 * arrival are tried, since a later one arrives later for the same fare, and two stops only when
 * the simpler itineraries are few; the caller keeps the Pareto-best by price, times and stops.
 */
export function findItineraries(
  network: FlightNetwork,
  query: ItineraryQuery,
  /**
   * Filled beside the answer when given (and `query.leadAt` is): each itinerary's total of lead
   * prices, departure and arrival, as `buildOffers` ranks them, without visiting its flights again.
   */
  summaries?: ItinerarySummary[],
): DatedFlight[][] {
  const { origin, destination, day } = query;
  const results: DatedFlight[][] = [];
  const leadAt = leadAtOf(query);
  const summarise = summaries !== undefined && query.leadAt !== undefined;
  const add = (itinerary: DatedFlight[], total: number, departUtc: number, arriveUtc: number) => {
    results.push(itinerary);
    if (summarise)
      summaries.push({ flights: itinerary, stops: itinerary.length - 1, total, departUtc, arriveUtc });
  };
  const direct = network.route(origin, destination, day);
  for (let i = direct.start; i < direct.end; i++) {
    const total = leadAt(direct.slots, i);
    if (total !== Number.POSITIVE_INFINITY)
      add(
        [direct.flights[i - direct.start] as DatedFlight],
        total,
        direct.slots.departures[i] as number,
        direct.slots.arrivals[i] as number,
      );
  }
  if (origin === destination || query.maxStops < 1) return results;
  const firstHops = network.destinations(origin, day);
  if (!firstHops) return results;

  const found = new FoundFlights();
  // Routes into the destination, per day a connection may leave on.
  const inbound: (Map<string, RouteFlightsOfDay> | undefined)[] = [];
  for (let d = day; d <= day + CONNECTION_DAYS_AHEAD; d++) inbound.push(network.routesInto(destination, d));
  /** A hub's flights into the destination on those days, or undefined when it has none. */
  const intoDestinationFrom = (hub: string) => {
    let route: RouteFlights | undefined;
    let daysWithout = 0;
    for (let d = 0; d < inbound.length; d++) {
      const flights = inbound[d]?.get(hub);
      if (!flights) {
        daysWithout |= 1 << d;
        continue;
      }
      route ??= new RouteFlights(network, query, hub, destination, true);
      route.know(day + d, flights);
    }
    if (route)
      for (let d = 0; d < inbound.length; d++) if (daysWithout & (1 << d)) route.know(day + d, EMPTY_ROUTE);
    return route;
  };
  // Latest departures first: an onward flight already reached from a later, no dearer first
  // flight makes the same connection from an earlier one dominated (leaves earlier, same arrival).
  let stamp = ++lastReachStamp;
  for (const [hub, firstRoute] of firstHops) {
    if (hub === destination || hub === origin) continue;
    const onwardFlights = intoDestinationFrom(hub);
    if (!onwardFlights) continue;
    const { flights: firstFlights, slots, start } = firstRoute;
    for (let i = firstFlights.length - 1; i >= 0; i--) {
      const firstCost = leadAt(slots, start + i);
      if (firstCost === Number.POSITIVE_INFINITY) continue;
      const arrival = slots.arrivals[start + i] as number;
      onward(
        leadAt,
        arrival,
        slots.arrivalDays[start + i] as number,
        onwardFlights,
        ONWARD_CANDIDATES_ONE_STOP,
        found,
      );
      for (let k = 0; k < found.length; k++) {
        const secondSlots = found.slots[k] as FlightSlots;
        const secondSlot = found.index[k] as number;
        if (!reachedCheaper(secondSlots, secondSlot, stamp, firstCost)) continue;
        add(
          [firstFlights[i] as DatedFlight, found.flights[k] as DatedFlight],
          firstCost + leadAt(secondSlots, secondSlot),
          slots.departures[start + i] as number,
          secondSlots.arrivals[secondSlot] as number,
        );
      }
    }
  }
  if (query.maxStops < 2 || results.length >= TWO_STOP_SEARCH_BELOW) return results;
  const budget = results.length + MAX_TWO_STOP_CANDIDATES;
  const feedersOn = feedersOfDestination(network, destination);
  // Only first hops to airports that fly to a feeder of the destination can lead anywhere.
  const firsts: FirstFlight[] = [];
  for (const [hub, firstRoute] of firstHops) {
    if (hub === destination || hub === origin || !reachesFeeder(network, hub, day, feedersOn)) continue;
    undominated(hub, firstRoute, leadAt, firsts);
  }
  // As above: an onward path into the destination already reached from a later, no dearer start
  // is not worth a second, earlier start; and one hop on, a second flight already reached from a
  // later, no dearer first flight leads to the same last flights at no higher cost, so it is not
  // followed again. (Second flights never land at the destination and last flights always do, so
  // one stamp serves both.)
  firsts.sort((a, b) => (b.slots.departures[b.slot] as number) - (a.slots.departures[a.slot] as number));
  stamp = ++lastReachStamp;
  const intoDestination = new Map<string, RouteFlights>();
  const secondHops = new SecondHops(network, query, feedersOn);
  const seconds = new FoundFlights();
  for (const { flight: first, hub, slots, slot } of firsts) {
    const firstCost = leadAt(slots, slot);
    const arrival = slots.arrivals[slot] as number;
    const arrivalDay = slots.arrivalDays[slot] as number;
    for (const route of secondHops.from(hub, arrivalDay)) {
      onward(leadAt, arrival, arrivalDay, route, ONWARD_CANDIDATES_TWO_STOPS, seconds);
      for (let k = 0; k < seconds.length; k++) {
        const secondSlots = seconds.slots[k] as FlightSlots;
        const secondSlot = seconds.index[k] as number;
        if (!reachedCheaper(secondSlots, secondSlot, stamp, firstCost)) continue;
        const pathCost = firstCost + leadAt(secondSlots, secondSlot);
        let lastFlights = route.lastFlights;
        if (!lastFlights) {
          lastFlights = intoDestination.get(route.to);
          if (!lastFlights) {
            lastFlights = new RouteFlights(network, query, route.to, destination, true);
            intoDestination.set(route.to, lastFlights);
          }
          route.lastFlights = lastFlights;
        }
        onward(
          leadAt,
          secondSlots.arrivals[secondSlot] as number,
          secondSlots.arrivalDays[secondSlot] as number,
          lastFlights,
          ONWARD_CANDIDATES_TWO_STOPS,
          found,
        );
        for (let j = 0; j < found.length; j++) {
          const lastSlots = found.slots[j] as FlightSlots;
          const lastSlot = found.index[j] as number;
          if (!reachedCheaper(lastSlots, lastSlot, stamp, pathCost)) continue;
          add(
            [first, seconds.flights[k] as DatedFlight, found.flights[j] as DatedFlight],
            pathCost + leadAt(lastSlots, lastSlot),
            slots.departures[slot] as number,
            lastSlots.arrivals[lastSlot] as number,
          );
        }
      }
    }
    if (results.length >= budget) break;
  }
  return results;
}

/** What `buildOffers` ranks an itinerary by, worked out by the search that found it. */
export interface ItinerarySummary {
  flights: DatedFlight[];
  stops: number;
  total: number;
  departUtc: number;
  arriveUtc: number;
}

/** A first flight of a two-stop search: the airport it lands at and its slot. */
interface FirstFlight {
  flight: DatedFlight;
  hub: string;
  slots: FlightSlots;
  slot: number;
}

/** Flights `onward` found, with their slots, reused from call to call. */
class FoundFlights {
  readonly flights: DatedFlight[] = [];
  readonly slots: FlightSlots[] = [];
  readonly index: number[] = [];
  length = 0;

  clear() {
    this.length = 0;
  }

  add(flight: DatedFlight, slots: FlightSlots, slot: number) {
    this.flights[this.length] = flight;
    this.slots[this.length] = slots;
    this.index[this.length] = slot;
    this.length++;
  }
}

/** Days, from the day before the search's, whose flights a route keeps at hand. */
const ROUTE_DAYS_KEPT = 8;

/**
 * One route's flights by local departure day, each day looked up in the network once per search
 * (connections leave from the day before the search's, after a westward flight, to a few after).
 */
class RouteFlights {
  private readonly firstDay: number;
  private readonly days: (RouteFlightsOfDay | undefined)[] = [];
  /** The minimum connection time at the route's origin, in ms. */
  readonly minConnectionMs: number;
  /** A two-stop search's last flights, from where this route lands into the destination. */
  lastFlights: RouteFlights | undefined = undefined;

  constructor(
    private readonly network: FlightNetwork,
    query: ItineraryQuery,
    private readonly from: string,
    /** The airport the route's flights land at. */
    readonly to: string,
    /** Whether the search looks up many routes into `to` (found through `to`'s routes then). */
    private readonly intoSearched = false,
  ) {
    this.minConnectionMs = query.minConnectionMinutes(from) * MS_PER_MINUTE;
    this.firstDay = query.day - 1;
  }

  on(day: number): RouteFlightsOfDay {
    const slot = day - this.firstDay;
    if (slot < 0 || slot >= ROUTE_DAYS_KEPT) return this.lookUp(day);
    let known = this.days[slot];
    if (!known) {
      known = this.lookUp(day);
      this.days[slot] = known;
    }
    return known;
  }

  /** Sets a day's flights already at hand (as a search walks an airport's routes). */
  know(day: number, flights: RouteFlightsOfDay): void {
    const slot = day - this.firstDay;
    if (slot >= 0 && slot < ROUTE_DAYS_KEPT) this.days[slot] = flights;
  }

  private lookUp(day: number): RouteFlightsOfDay {
    return this.intoSearched
      ? this.network.routeInto(this.from, this.to, day)
      : this.network.route(this.from, this.to, day);
  }
}

/**
 * The usable flights of one route that no later, no dearer flight arriving no later beats
 * (every continuation of a beaten flight is beaten too), added to `kept` with their slots.
 */
function undominated(hub: string, route: RouteFlightsOfDay, leadAt: LeadAt, kept: FirstFlight[]): void {
  const { flights, slots, start } = route;
  const frontier: { cost: number; arriveUtc: number }[] = [];
  for (let i = flights.length - 1; i >= 0; i--) {
    const price = leadAt(slots, start + i);
    if (price === Number.POSITIVE_INFINITY) continue;
    const arriveUtc = slots.arrivals[start + i] as number;
    let beaten = false;
    for (const f of frontier)
      if (f.cost <= price && f.arriveUtc <= arriveUtc) {
        beaten = true;
        break;
      }
    if (beaten) continue;
    kept.push({ flight: flights[i] as DatedFlight, hub, slots, slot: start + i });
    frontier.push({ cost: price, arriveUtc });
  }
}

/** Days after the first departure day on which a connecting flight may still leave. */
const CONNECTION_DAYS_AHEAD = 3;

/** Whether `hub` has a flight to any airport that flies into the destination. */
function reachesFeeder(network: FlightNetwork, hub: string, day: number, feedersOn: FeedersOn): boolean {
  for (let d = day; d < day + CONNECTION_DAYS_AHEAD; d++) {
    const feeders = feedersOn(d);
    if (feeders.routesInto) {
      for (const { from } of feeders.routesInto) if (from.has(hub)) return true;
      continue;
    }
    const fromHub = network.routesFromById(hub, d);
    if (!fromHub) continue;
    for (const id of fromHub.destinationIds) if (feeders.marked[id] === 1) return true;
  }
  return false;
}

/** At most this many feeders are walked one by one (their routes stay in the cache). */
const FEW_FEEDERS = 16;

/** The airports with a flight into the destination on a day or the next. */
interface Feeders {
  /**
   * When they are few: the routes into each, that day, by origin. A hub's routes to feeders are
   * then found in these few maps instead of in the hub's own, one per hub.
   */
  routesInto: { feeder: string; from: Map<string, RouteFlightsOfDay> }[] | undefined;
  /** When they are many: 1 at each one's airport id. */
  marked: Uint8Array;
}

const NONE_MARKED = new Uint8Array(0);

type FeedersOn = (day: number) => Feeders;

function feedersOfDestination(network: FlightNetwork, destination: string): FeedersOn {
  const byDay = new Map<number, Feeders>();
  return (day) => {
    let feeders = byDay.get(day);
    if (!feeders) {
      const into = [network.routesInto(destination, day), network.routesInto(destination, day + 1)];
      let routesInto: Feeders['routesInto'];
      let marked = NONE_MARKED;
      // The two days' counts bound the feeders' number: few when they are few.
      if ((into[0]?.size ?? 0) + (into[1]?.size ?? 0) <= FEW_FEEDERS) {
        routesInto = [];
        for (const feeder of new Set([...(into[0]?.keys() ?? []), ...(into[1]?.keys() ?? [])])) {
          const from = network.routesInto(feeder, day);
          if (from) routesInto.push({ feeder, from });
        }
      } else {
        marked = new Uint8Array(network.airportCount);
        for (const ids of [
          network.originIdsInto(destination, day),
          network.originIdsInto(destination, day + 1),
        ])
          if (ids) for (const id of ids) marked[id] = 1;
      }
      feeders = { routesInto, marked };
      byDay.set(day, feeders);
    }
    return feeders;
  };
}

/**
 * The earliest usable flights of a route leaving from the airport a flight lands at (at
 * `arriveUtc`, local day `arrivalDay`) within the connection window, written into `found`
 * (emptied first). Onward flights may leave on the local day of the arrival or the next one.
 */
function onward(
  leadAt: LeadAt,
  arriveUtc: number,
  arrivalDay: number,
  route: RouteFlights,
  limit: number,
  found: FoundFlights,
): void {
  found.clear();
  const earliest = arriveUtc + route.minConnectionMs;
  const latest = arriveUtc + MAX_CONNECTION_MS;
  for (let day = arrivalDay; day <= arrivalDay + 1; day++) {
    const { departures, start, end, slots } = route.on(day);
    for (let i = firstAtOrAfter(departures, start, end, earliest); i < end && found.length < limit; i++) {
      if ((departures[i] as number) > latest) break;
      if (leadAt(slots, i) !== Number.POSITIVE_INFINITY) found.add(slots.flights[i] as DatedFlight, slots, i);
    }
    if (found.length >= limit) break;
  }
}

/**
 * Second hops for a two-stop itinerary: from a first flight's arrival airport to airports that
 * have a flight into the destination (on the arrival day or the next), worked out once per
 * airport and arrival day, as the routes to try in order.
 */
class SecondHops {
  private readonly known = new Map<string, Map<number, RouteFlights[]>>();

  constructor(
    private readonly network: FlightNetwork,
    private readonly query: ItineraryQuery,
    private readonly feedersOn: FeedersOn,
  ) {}

  from(hub: string, arrivalDay: number): RouteFlights[] {
    let byDay = this.known.get(hub);
    if (!byDay) {
      byDay = new Map();
      this.known.set(hub, byDay);
    }
    let routes = byDay.get(arrivalDay);
    if (!routes) {
      routes = this.routesFrom(hub, arrivalDay);
      byDay.set(arrivalDay, routes);
    }
    return routes;
  }

  private routesFrom(hub: string, arrivalDay: number): RouteFlights[] {
    const { origin, destination } = this.query;
    const routes: RouteFlights[] = [];
    const seen = new Set<string>();
    const add = (secondHub: string, day: number, flights: RouteFlightsOfDay, otherDay: RouteFlightsOfDay) => {
      if (secondHub === origin || secondHub === destination || secondHub === hub || seen.has(secondHub))
        return;
      seen.add(secondHub);
      const route = new RouteFlights(this.network, this.query, hub, secondHub);
      // Both days' flights are at hand: the route is never looked up again.
      route.know(day, flights);
      route.know(day === arrivalDay ? arrivalDay + 1 : arrivalDay, otherDay);
      routes.push(route);
    };
    for (let day = arrivalDay; day <= arrivalDay + 1; day++) {
      const otherDay = day === arrivalDay ? arrivalDay + 1 : arrivalDay;
      const feeders = this.feedersOn(day);
      if (feeders.routesInto) {
        for (const { feeder, from } of feeders.routesInto) {
          const flights = from.get(hub);
          if (flights) add(feeder, day, flights, this.network.routeInto(hub, feeder, otherDay));
        }
        continue;
      }
      const fromHub = this.network.routesFromById(hub, day);
      if (!fromHub) continue;
      const fromHubOtherDay = this.network.destinations(hub, otherDay);
      const { destinationIds, routes: byId } = fromHub;
      for (let r = 0; r < destinationIds.length; r++) {
        if (feeders.marked[destinationIds[r] as number] !== 1) continue;
        const secondHub = this.network.airportCode(destinationIds[r] as number);
        add(secondHub, day, byId[r] as RouteFlightsOfDay, fromHubOtherDay?.get(secondHub) ?? EMPTY_ROUTE);
      }
    }
    return routes;
  }
}

/** Index of the first departure at or after `time` in `departures[low, high)` (sorted). */
function firstAtOrAfter(departures: Float64Array, low: number, high: number, time: number): number {
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((departures[mid] as number) < time) low = mid + 1;
    else high = mid;
  }
  return low;
}
