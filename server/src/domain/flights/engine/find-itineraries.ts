import { MS_PER_DAY, MS_PER_MINUTE } from './calendar';
import type { DatedFlight, FlightNetwork, RouteFlightsOfDay } from './flight-network';

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
}

/**
 * Candidate itineraries for one leg of a search: every direct flight, and connections through
 * one or two airports where each onward flight leaves at least the airport's minimum connection
 * time after the arrival and at most 24 h later. Only the earliest few onward flights after each
 * arrival are tried, since a later one arrives later for the same fare, and two stops only when
 * the simpler itineraries are few; the caller keeps the Pareto-best by price, times and stops.
 */
export function findItineraries(network: FlightNetwork, query: ItineraryQuery): DatedFlight[][] {
  const { origin, destination, day } = query;
  const results: DatedFlight[][] = [];
  for (const flight of network.flights(origin, destination, day)) {
    if (query.usable(flight)) results.push([flight]);
  }
  if (origin === destination || query.maxStops < 1) return results;
  const firstHops = network.destinations(origin, day);
  if (!firstHops) return results;

  const cost = query.cost ?? (() => 0);
  const found: DatedFlight[] = [];
  // Airports with a flight into the destination, per day a connection may leave on.
  const inbound: Set<string>[] = [];
  for (let d = day; d <= day + CONNECTION_DAYS_AHEAD; d++) {
    const origins = network.originsInto(destination, d);
    if (origins) inbound.push(origins);
  }
  const feeds = (hub: string) => {
    for (const origins of inbound) if (origins.has(hub)) return true;
    return false;
  };
  // Latest departures first: an onward flight already reached from a later, no dearer first
  // flight makes the same connection from an earlier one dominated (leaves earlier, same arrival).
  // (Onward flights are of one hub each, so one map serves every hub.)
  const cheapestInto = new Map<DatedFlight, number>();
  for (const [hub, { flights: firstFlights }] of firstHops) {
    if (hub === destination || hub === origin || !feeds(hub)) continue;
    const onwardFlights = new RouteFlights(network, query, hub, destination);
    for (let i = firstFlights.length - 1; i >= 0; i--) {
      const first = firstFlights[i] as DatedFlight;
      if (!query.usable(first)) continue;
      onward(query, first, onwardFlights, ONWARD_CANDIDATES_ONE_STOP, found);
      if (found.length === 0) continue;
      const firstCost = cost(first);
      for (const second of found) {
        const known = cheapestInto.get(second);
        if (known !== undefined && known <= firstCost) continue;
        cheapestInto.set(second, firstCost);
        results.push([first, second]);
      }
    }
  }
  if (query.maxStops < 2 || results.length >= TWO_STOP_SEARCH_BELOW) return results;
  const budget = results.length + MAX_TWO_STOP_CANDIDATES;
  const feedersByDay = new Map<number, Set<string>>();
  const feedersOn = (day: number) => {
    let feeders = feedersByDay.get(day);
    if (!feeders) {
      feeders = new Set([
        ...(network.originsInto(destination, day) ?? []),
        ...(network.originsInto(destination, day + 1) ?? []),
      ]);
      feedersByDay.set(day, feeders);
    }
    return feeders;
  };
  // Only first hops to airports that fly to a feeder of the destination can lead anywhere.
  const firsts: DatedFlight[] = [];
  for (const [hub, { flights: firstFlights }] of firstHops) {
    if (hub === destination || hub === origin || !reachesFeeder(network, hub, day, feedersOn)) continue;
    firsts.push(...undominated(firstFlights, query.usable, cost));
  }
  // As above: an onward path into the destination already reached from a later, no dearer
  // start is not worth a second, earlier start.
  firsts.sort((a, b) => b.departUtc - a.departUtc);
  cheapestInto.clear();
  const intoDestination = new Map<string, RouteFlights>();
  const secondHops = new SecondHops(network, query, feedersOn);
  const seconds: DatedFlight[] = [];
  // The same reasoning one hop on: a second flight already reached from a later, no dearer first
  // flight leads to the same last flights at a no higher cost, so it is not followed again.
  const cheapestFirstInto = new Map<DatedFlight, number>();
  const lastFlightsAfter = new Map<DatedFlight, DatedFlight[]>();
  for (const first of firsts) {
    const firstCost = cost(first);
    for (const route of secondHops.from(first.leg.destination, first.arrivalDay)) {
      for (const second of onward(query, first, route, ONWARD_CANDIDATES_TWO_STOPS, seconds)) {
        const reached = cheapestFirstInto.get(second);
        if (reached !== undefined && reached <= firstCost) continue;
        cheapestFirstInto.set(second, firstCost);
        const pathCost = firstCost + cost(second);
        let thirds = lastFlightsAfter.get(second);
        if (!thirds) {
          let lastFlights = intoDestination.get(route.to);
          if (!lastFlights) {
            lastFlights = new RouteFlights(network, query, route.to, destination);
            intoDestination.set(route.to, lastFlights);
          }
          thirds = [...onward(query, second, lastFlights, ONWARD_CANDIDATES_TWO_STOPS, found)];
          lastFlightsAfter.set(second, thirds);
        }
        for (const third of thirds) {
          const known = cheapestInto.get(third);
          if (known !== undefined && known <= pathCost) continue;
          cheapestInto.set(third, pathCost);
          results.push([first, second, third]);
        }
      }
    }
    if (results.length >= budget) break;
  }
  return results;
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

  constructor(
    private readonly network: FlightNetwork,
    query: ItineraryQuery,
    private readonly from: string,
    /** The airport the route's flights land at. */
    readonly to: string,
  ) {
    this.minConnectionMs = query.minConnectionMinutes(from) * MS_PER_MINUTE;
    this.firstDay = query.day - 1;
  }

  on(day: number): RouteFlightsOfDay {
    const slot = day - this.firstDay;
    if (slot < 0 || slot >= ROUTE_DAYS_KEPT) return this.network.route(this.from, this.to, day);
    let known = this.days[slot];
    if (!known) {
      known = this.network.route(this.from, this.to, day);
      this.days[slot] = known;
    }
    return known;
  }
}

/**
 * The usable flights of one route that no later, no dearer flight arriving no later beats:
 * every continuation of a beaten flight is beaten too.
 */
function undominated(
  flights: DatedFlight[],
  usable: (flight: DatedFlight) => boolean,
  cost: (flight: DatedFlight) => number,
): DatedFlight[] {
  const kept: DatedFlight[] = [];
  const frontier: { cost: number; arriveUtc: number }[] = [];
  for (let i = flights.length - 1; i >= 0; i--) {
    const flight = flights[i] as DatedFlight;
    if (!usable(flight)) continue;
    const price = cost(flight);
    let beaten = false;
    for (const f of frontier)
      if (f.cost <= price && f.arriveUtc <= flight.arriveUtc) {
        beaten = true;
        break;
      }
    if (beaten) continue;
    kept.push(flight);
    frontier.push({ cost: price, arriveUtc: flight.arriveUtc });
  }
  return kept;
}

/** Days after the first departure day on which a connecting flight may still leave. */
const CONNECTION_DAYS_AHEAD = 3;

/** Whether `hub` has a flight to any airport that flies into the destination. */
function reachesFeeder(
  network: FlightNetwork,
  hub: string,
  day: number,
  feedersOn: (day: number) => Set<string>,
): boolean {
  for (let d = day; d < day + CONNECTION_DAYS_AHEAD; d++) {
    const fromHub = network.destinations(hub, d);
    if (!fromHub) continue;
    const feeders = feedersOn(d);
    if (feeders.size < fromHub.size) {
      for (const feeder of feeders) if (fromHub.has(feeder)) return true;
    } else {
      for (const next of fromHub.keys()) if (feeders.has(next)) return true;
    }
  }
  return false;
}

/**
 * The earliest usable flights of a route leaving from the arrival airport of `arrival` within
 * the connection window, written into `found` (emptied first) and returned. Onward flights may
 * leave on the local day of the arrival or the next one.
 */
function onward(
  query: ItineraryQuery,
  arrival: DatedFlight,
  route: RouteFlights,
  limit: number,
  found: DatedFlight[],
): DatedFlight[] {
  found.length = 0;
  const earliest = arrival.arriveUtc + route.minConnectionMs;
  const latest = arrival.arriveUtc + MAX_CONNECTION_MS;
  for (let day = arrival.arrivalDay; day <= arrival.arrivalDay + 1; day++) {
    const { flights, departures, start } = route.on(day);
    const end = start + flights.length;
    for (let i = firstAtOrAfter(departures, start, end, earliest); i < end && found.length < limit; i++) {
      if ((departures[i] as number) > latest) break;
      const flight = flights[i - start] as DatedFlight;
      if (query.usable(flight)) found.push(flight);
    }
    if (found.length >= limit) break;
  }
  return found;
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
    private readonly feedersOn: (day: number) => Set<string>,
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
    for (let day = arrivalDay; day <= arrivalDay + 1; day++) {
      const fromHub = this.network.destinations(hub, day);
      if (!fromHub) continue;
      const feeders = this.feedersOn(day);
      const smaller = feeders.size < fromHub.size ? feeders : fromHub.keys();
      for (const secondHub of smaller) {
        if (secondHub === origin || secondHub === destination || secondHub === hub) continue;
        if (!fromHub.has(secondHub) || !feeders.has(secondHub) || seen.has(secondHub)) continue;
        seen.add(secondHub);
        routes.push(new RouteFlights(this.network, this.query, hub, secondHub));
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
