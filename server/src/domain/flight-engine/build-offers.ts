import type { OfferPrice } from '#shared/flights';
import type { MarkupScope } from '../../db/schema/index';
import type { ExchangeRate } from '../exchange-rates/default-exchange-rates';
import { MS_PER_DAY } from './calendar';
import { type DatedFlight, FARE_BUSINESS, FARE_FOREIGNERS, type FlightSlots, slotOf } from './dated-flight';
import type { ItinerarySummary } from './find-itineraries';
import type { FareClass } from './flight-network';
import { encodeOfferId } from './offer-id';
import { fareTotal, openTo, type PricingContext, priceFares, seatedPassengers } from './price-offer';

/** The markup an offer's price includes (applied by domain/markups/apply-markups.ts). */
export interface AppliedMarkup {
  markupId: string;
  scope: MarkupScope;
  kind: 'percent' | 'fixed';
  value: number;
  /** Added to the supplier's total, in the offer's minor units. */
  amount: number;
  /** The price as the supplier gave it, before the markup. */
  supplierPrice: OfferPrice;
}

/** Most itineraries answered per leg and date (each may come in several fare families). */
export const MAX_ITINERARIES_PER_LEG = 40;

export interface OfferContext extends PricingContext {
  supplier: string;
  /** Wanted cabin, or '' for any. */
  cabin: '' | 'economy' | 'business';
  /** Flights leaving before this instant (UTC ms) are not sold. */
  notBeforeUtc: number;
  /** Seats left on a dated flight in a class. */
  seatsLeft(flight: DatedFlight, classCode: string): number;
  /**
   * Set when `seatsLeft` of the flights whose schedule `covers` accepts is the demand model's alone on
   * `salesDay` (no seats held or sold in Tikat): their cheapest price then holds for every
   * search of the same passengers, tier, cabin and sales day, and is kept on the flight
   * between searches.
   */
  demandOnly?: { salesDay: number; covers(scheduleId: number): boolean };
}

export interface EngineSegment {
  flight: DatedFlight;
  fare: FareClass;
  seatsLeft: number;
}

/** A priced itinerary in one fare per segment: what the API presents as an offer. */
export interface EngineOffer {
  id: string;
  supplier: string;
  segments: EngineSegment[];
  stops: number;
  departUtc: number;
  arriveUtc: number;
  seatsLeft: number;
  price: OfferPrice;
  /** The brand's markup included in `price`, added after the supplier priced the offer. */
  markup?: AppliedMarkup;
  /** An outside supplier's own offer behind this one: its amount, currency and the rate used. */
  supplierQuote?: SupplierQuote;
}

/** What an outside supplier asked for an offer, and how Tikat converted it. */
export interface SupplierQuote {
  /** The supplier's own offer id (Duffel's `off_…`). */
  offerId: string;
  /** The supplier's total, in minor units of `currency`. */
  amount: number;
  currency: string;
  /** The rate that converted it (null when the supplier priced in the traveller's currency). */
  rate: ExchangeRate | null;
  /** The supplier's passenger ids, in Tikat's order: adults, children, infants. */
  passengerIds: string[];
  identityDocumentsRequired: boolean;
  /** True: no hold at the supplier; the order is created and paid at once, after the traveller pays. */
  requiresInstantPayment: boolean;
  /** The supplier's offer lapses at this instant (UTC ms). */
  expiresAt: number;
}

/**
 * Whether a class of a flight can be sold in this search, seats aside: an advance-purchase class
 * closes its number of days (× 24 h) before departure.
 */
const offeredIn = (flight: DatedFlight, fare: FareClass, context: OfferContext) =>
  offeredAt(flight.departUtc, fare, context);

/** `offeredAt` by a class's terms as `FlightSlots.fareFacts` keeps them. */
const offeredByFacts = (departUtc: number, facts: number, context: OfferContext) =>
  departUtc >= context.notBeforeUtc + (facts >> 2) * MS_PER_DAY &&
  (!context.cabin || ((facts & FARE_BUSINESS) !== 0) === (context.cabin === 'business')) &&
  (context.tier === 'npr' || (facts & FARE_FOREIGNERS) !== 0);

/** `offeredIn` by the flight's departure. */
const offeredAt = (departUtc: number, fare: FareClass, context: OfferContext) =>
  departUtc >= context.notBeforeUtc + fare.advancePurchaseDays * MS_PER_DAY &&
  (!context.cabin || fare.cabin === context.cabin) &&
  openTo(fare, context.tier);

/** The classes of a flight this search can sell, cheapest first, each with its seats left. */
export function sellableFares(
  flight: DatedFlight,
  context: OfferContext,
): { fare: FareClass; seatsLeft: number }[] {
  const seated = Math.max(1, seatedPassengers(context.passengers));
  const out: { fare: FareClass; seatsLeft: number }[] = [];
  for (const fare of flight.fares) {
    if (!offeredIn(flight, fare, context)) continue;
    const seatsLeft = context.seatsLeft(flight, fare.classCode);
    if (seatsLeft >= seated) out.push({ fare, seatsLeft });
  }
  return out;
}

/**
 * Each flight's lowest price for this search (its cheapest sellable class, all passengers), or
 * infinity when it has no sellable class: worked out once per flight and search, shared by the
 * itinerary search and the offer building of the same context. It is kept in the flight's slots
 * (dated-flight.ts) beside the stamp of the context it was worked out for, so another search's
 * stamp means "not known", and the hot loops of the itinerary search read it by slot without
 * visiting the flight.
 *
 * Where the seats are the demand model's alone (`context.demandOnly`), the price is also kept
 * for later searches of the same kind (`sharedKey`) with the instants it holds between: a class
 * closes as time passes (advance purchase) and never reopens within a sales day, so the cheapest
 * class found at `notBeforeUtc` stays the cheapest until it closes itself.
 */
const contextStamps = new WeakMap<OfferContext, { stamp: number; sharedKey: number }>();
let lastStamp = 0;
const sharedKeys = new Map<string, number>();

function stampOf(context: OfferContext) {
  let known = contextStamps.get(context);
  if (!known) {
    let sharedKey = 0;
    if (context.demandOnly) {
      const { tier, cabin, passengers } = context;
      const kind = `${tier}|${cabin}|${passengers.adults}|${passengers.children}|${passengers.infants}|${context.demandOnly.salesDay}`;
      sharedKey = sharedKeys.get(kind) ?? 0;
      if (sharedKey === 0) {
        sharedKey = sharedKeys.size + 1;
        sharedKeys.set(kind, sharedKey);
      }
    }
    known = { stamp: ++lastStamp, sharedKey };
    contextStamps.set(context, known);
  }
  return known;
}

/** A search's lead prices: by a flight's slot (the itinerary search's loops), or by the flight. */
export interface LeadPrices {
  at(slots: FlightSlots, slot: number): number;
  of(flight: DatedFlight): number;
}

function leadPricesOf(context: OfferContext): LeadPrices {
  const { stamp: ours, sharedKey } = stampOf(context);
  const seated = Math.max(1, seatedPassengers(context.passengers));
  const notBefore = context.notBeforeUtc;
  const shares = context.demandOnly?.covers;
  const salesDay = context.demandOnly?.salesDay;
  const { adults, children, infants } = context.passengers;
  // `fareTotal` of such a search is an adult's NPR total times the adults.
  const adultsInNpr = context.tier === 'npr' && children === 0 && infants === 0;
  const at = (slots: FlightSlots, i: number): number => {
    if (slots.leadStamp[i] === ours) return slots.leadTotal[i] as number;
    const shared = sharedKey !== 0 && shares !== undefined && shares(slots.scheduleIds[i] as number);
    let total: number;
    if (
      shared &&
      slots.sharedKey[i] === sharedKey &&
      notBefore >= (slots.sharedFrom[i] as number) &&
      notBefore <= (slots.sharedUntil[i] as number)
    ) {
      total = slots.sharedTotal[i] as number;
    } else {
      total = Number.POSITIVE_INFINITY;
      let until = Number.POSITIVE_INFINITY;
      const departUtc = slots.departures[i] as number;
      // A flight the demand model alone fills (`shared`) has its classes' seats and terms kept beside it.
      const facts = shared && slots.factsSalesDay === salesDay ? slots.fareFacts : undefined;
      const fares = slots.fares[i] as FareClass[];
      const from = slots.factsFrom[i] as number;
      for (let k = 0; k < fares.length; k++) {
        let left: number;
        if (facts) {
          if (!offeredByFacts(departUtc, facts[2 * (from + k) + 1] as number, context)) continue;
          left = facts[2 * (from + k)] as number;
        } else {
          const fare = fares[k] as FareClass;
          if (!offeredAt(departUtc, fare, context)) continue;
          left = context.seatsLeft(slots.flights[i] as DatedFlight, fare.classCode);
        }
        if (left >= seated) {
          if (facts) {
            const j = from + k;
            total = adultsInNpr
              ? (slots.adultNprTotals[j] as number) * adults
              : fareTotal(fares[k] as FareClass, context);
            until = departUtc - ((facts[2 * j + 1] as number) >> 2) * MS_PER_DAY;
          } else {
            const fare = fares[k] as FareClass;
            total = fareTotal(fare, context);
            until = departUtc - fare.advancePurchaseDays * MS_PER_DAY;
          }
          break;
        }
      }
      if (shared) {
        slots.sharedKey[i] = sharedKey;
        slots.sharedTotal[i] = total;
        slots.sharedFrom[i] = notBefore;
        slots.sharedUntil[i] = until;
      }
    }
    slots.leadTotal[i] = total;
    slots.leadStamp[i] = ours;
    return total;
  };
  return {
    at,
    of: (flight) => {
      const { slots, slot } = slotOf(flight);
      return at(slots, slot);
    },
  };
}

/**
 * Memoised tests for the itinerary search: whether a flight has a sellable class, and the
 * price of its cheapest one for this search's passengers (also by slot: `leadAt`). Flights in
 * `excluded` (cancelled ones) are never usable.
 */
export function flightTests(context: OfferContext, excluded?: ReadonlySet<DatedFlight>) {
  const lead = leadPricesOf(context);
  const leadAt =
    excluded && excluded.size > 0
      ? (slots: FlightSlots, slot: number) =>
          excluded.has(slots.flights[slot] as DatedFlight) ? Number.POSITIVE_INFINITY : lead.at(slots, slot)
      : lead.at;
  const cost = (flight: DatedFlight) => {
    const { slots, slot } = slotOf(flight);
    return leadAt(slots, slot);
  };
  return { usable: (flight: DatedFlight) => cost(flight) !== Number.POSITIVE_INFINITY, cost, leadAt };
}

/** Prices one itinerary in the given fares. */
export function makeOffer(
  flights: DatedFlight[],
  chosen: { fare: FareClass; seatsLeft: number }[],
  context: OfferContext,
): EngineOffer {
  const segments = flights.map((flight, i) => ({
    flight,
    ...(chosen[i] as { fare: FareClass; seatsLeft: number }),
  }));
  const first = flights[0] as DatedFlight;
  const last = flights[flights.length - 1] as DatedFlight;
  return {
    id: encodeOfferId({
      supplier: context.supplier,
      segments: segments.map((s) => ({
        airlineCode: s.flight.leg.airlineCode,
        flightNumber: s.flight.leg.flightNumber,
        origin: s.flight.leg.origin,
        destination: s.flight.leg.destination,
        day: s.flight.day,
        classCode: s.fare.classCode,
      })),
      passengers: context.passengers,
      tier: context.tier,
    }),
    supplier: context.supplier,
    segments,
    stops: flights.length - 1,
    departUtc: first.departUtc,
    arriveUtc: last.arriveUtc,
    seatsLeft: Math.min(...segments.map((s) => s.seatsLeft)),
    price: priceFares(
      segments.map((s) => s.fare),
      context,
    ),
  };
}

/** What the Pareto filter compares. */
export interface Ranked {
  total: number;
  stops: number;
  departUtc: number;
  arriveUtc: number;
}

/** Whether `a` is at least as good as `b` everywhere and better somewhere. */
export function dominates(a: Ranked, b: Ranked): boolean {
  const noWorse =
    a.total <= b.total && a.stops <= b.stops && a.departUtc >= b.departUtc && a.arriveUtc <= b.arriveUtc;
  const better =
    a.total < b.total || a.stops < b.stops || a.departUtc > b.departUtc || a.arriveUtc < b.arriveUtc;
  return noWorse && better;
}

/** Equal-price groups up to this size are compared pair by pair; larger ones through a tree. */
const PAIRWISE_GROUP_SIZE = 32;

/**
 * Keeps the items no other beats on price, stops and times (leaving no earlier and arriving no
 * later): every direct flight at its own time stays, a connection that is slower and dearer than
 * another goes. O(n log n): items are taken cheapest first, and for each number of stops a
 * Fenwick tree over departure times answers "the earliest arrival among cheaper kept items
 * leaving no earlier". Items of equal price are compared with each other directly (pair by pair
 * in small groups, through a second set of trees, allocated once, in large ones). With `enough`,
 * it stops after the first price at which that many are kept: the rest are all dearer.
 */
export function paretoBest<T extends Ranked>(items: T[], enough = Number.POSITIVE_INFINITY): T[] {
  if (items.length < 2) return [...items];
  // Rank of each distinct departure, latest first, found by binary search over them ascending.
  const departures = new Float64Array(items.length);
  for (let i = 0; i < items.length; i++) departures[i] = (items[i] as T).departUtc;
  departures.sort();
  let distinct = 0;
  for (const departure of departures)
    if (distinct === 0 || departure !== departures[distinct - 1]) departures[distinct++] = departure;
  const rankOf = (departUtc: number) => {
    let low = 0;
    let high = distinct;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((departures[mid] as number) < departUtc) low = mid + 1;
      else high = mid;
    }
    return distinct - 1 - low;
  };
  let levels = 0;
  for (const item of items) if (item.stops >= levels) levels = item.stops + 1;
  const newTrees = () =>
    Array.from({ length: levels }, () => new Float64Array(distinct + 1).fill(Number.POSITIVE_INFINITY));
  const insert = (trees: Float64Array[], item: T) => {
    const tree = trees[item.stops] as Float64Array;
    for (let i = rankOf(item.departUtc) + 1; i < tree.length; i += i & -i) {
      if (item.arriveUtc < (tree[i] as number)) tree[i] = item.arriveUtc;
    }
  };
  /** Earliest arrival among items with at most `maxStops` stops leaving at rank ≤ `position`. */
  const earliest = (trees: Float64Array[], maxStops: number, position: number) => {
    let best = Number.POSITIVE_INFINITY;
    for (let stops = 0; stops <= maxStops; stops++) {
      const tree = trees[stops] as Float64Array;
      for (let i = position + 1; i > 0; i -= i & -i) if ((tree[i] as number) < best) best = tree[i] as number;
    }
    return best;
  };
  /** Whether an item of the same price as `item` is at least as good everywhere and better somewhere. */
  let same: Float64Array[] | undefined;
  const beatenInLargeGroup = (item: T) => {
    const trees = same as Float64Array[];
    const position = rankOf(item.departUtc);
    if (earliest(trees, item.stops, position) < item.arriveUtc) return true;
    if (position > 0 && earliest(trees, item.stops, position - 1) <= item.arriveUtc) return true;
    return item.stops > 0 && earliest(trees, item.stops - 1, position) <= item.arriveUtc;
  };
  const cheaper = newTrees();
  const sorted = [...items].sort((a, b) => a.total - b.total);
  const kept: T[] = [];
  for (let start = 0; start < sorted.length; ) {
    let end = start + 1;
    while (end < sorted.length && (sorted[end] as T).total === (sorted[start] as T).total) end++;
    const survivors: T[] = [];
    const large = end - start > PAIRWISE_GROUP_SIZE;
    if (large) {
      if (same) for (const tree of same) tree.fill(Number.POSITIVE_INFINITY);
      else same = newTrees();
      for (let i = start; i < end; i++) insert(same, sorted[i] as T);
    }
    for (let i = start; i < end; i++) {
      const item = sorted[i] as T;
      // Any cheaper item leaving no earlier and arriving no later with no more stops wins.
      if (earliest(cheaper, item.stops, rankOf(item.departUtc)) <= item.arriveUtc) continue;
      if (large) {
        if (beatenInLargeGroup(item)) continue;
      } else {
        let beaten = false;
        for (let j = start; j < end && !beaten; j++) beaten = dominates(sorted[j] as T, item);
        if (beaten) continue;
      }
      survivors.push(item);
    }
    for (const item of survivors) insert(cheaper, item);
    for (const item of survivors) kept.push(item);
    if (kept.length >= enough) break;
    start = end;
  }
  return kept;
}

type FareOption = { fare: FareClass; seatsLeft: number };

/**
 * A ladder may hold several classes of one family (a Saver at two price steps): an offer shows
 * only the lowest open step of each, as the airlines' own sites do
 * (docs/decisions/0010-fare-families-at-cheapest-open-class.md).
 */
function cheapestPerFamily(options: FareOption[]): FareOption[] {
  const families = new Set<string>();
  return options.filter(({ fare }) => {
    if (families.has(fare.family)) return false;
    families.add(fare.family);
    return true;
  });
}

/** An itinerary's total of lead prices, departure and arrival, read from its flights' slots. */
function summaryOf(flights: DatedFlight[], leadAt: LeadPrices['at']): ItinerarySummary {
  let total = 0;
  for (const flight of flights) {
    const { slots, slot } = slotOf(flight);
    total += leadAt(slots, slot);
  }
  const first = slotOf(flights[0] as DatedFlight);
  const last = slotOf(flights[flights.length - 1] as DatedFlight);
  return {
    flights,
    stops: flights.length - 1,
    total,
    departUtc: first.slots.departures[first.slot] as number,
    arriveUtc: last.slots.arrivals[last.slot] as number,
  };
}

/**
 * Offers for candidate itineraries: each priced in its cheapest sellable classes, the Pareto-best
 * kept (at most MAX_ITINERARIES_PER_LEG, cheapest first), then each also offered in the dearer
 * fare families its flights sell (family level n = each segment's n-th cheapest sellable class).
 */
export function buildOffers(
  itineraries: DatedFlight[][],
  context: OfferContext,
  maxItineraries = MAX_ITINERARIES_PER_LEG,
  /** `findItineraries`' summaries of the same itineraries with this context's prices, when kept. */
  summaries?: ItinerarySummary[],
): EngineOffer[] {
  // A price is a sum over segments (each rounded on its own), so each flight's cheapest total is
  // worked out once and a candidate's total is a sum.
  // Prices and times are read from the flights' slots (dated-flight.ts), not their objects.
  const leadAt = leadPricesOf(context).at;
  const candidates: ItinerarySummary[] = [];
  const summarised = summaries !== undefined && summaries.length === itineraries.length;
  for (let n = 0; n < itineraries.length; n++) {
    const summary = summarised
      ? (summaries[n] as ItinerarySummary)
      : summaryOf(itineraries[n] as DatedFlight[], leadAt);
    if (summary.total !== Number.POSITIVE_INFINITY) candidates.push(summary);
  }
  const best = paretoBest(candidates, maxItineraries)
    .sort((a, b) => a.total - b.total || a.departUtc - b.departUtc)
    .slice(0, maxItineraries);
  const out: EngineOffer[] = [];
  for (const { flights } of best) {
    const options = flights.map((flight) => cheapestPerFamily(sellableFares(flight, context)));
    const levels = Math.max(...options.map((o) => o.length));
    const seen = new Set<string>();
    for (let level = 0; level < levels; level++) {
      const chosen = options.map((o) => o[Math.min(level, o.length - 1)] as FareOption);
      const offer = makeOffer(flights, chosen, context);
      if (!seen.has(offer.id)) {
        seen.add(offer.id);
        out.push(offer);
      }
    }
  }
  return out;
}
