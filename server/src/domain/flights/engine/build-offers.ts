import type { OfferPrice } from '#shared/flights';
import type { DatedFlight, FareClass } from './flight-network';
import { encodeOfferId } from './offer-id';
import { openTo, type PricingContext, priceFares, seatedPassengers } from './price-offer';

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
}

/** The classes of a flight this search can sell, cheapest first, each with its seats left. */
export function sellableFares(
  flight: DatedFlight,
  context: OfferContext,
): { fare: FareClass; seatsLeft: number }[] {
  if (flight.departUtc < context.notBeforeUtc) return [];
  const seated = Math.max(1, seatedPassengers(context.passengers));
  const out: { fare: FareClass; seatsLeft: number }[] = [];
  for (const fare of flight.fares) {
    if (context.cabin && fare.cabin !== context.cabin) continue;
    if (!openTo(fare, context.tier)) continue;
    const seatsLeft = context.seatsLeft(flight, fare.classCode);
    if (seatsLeft >= seated) out.push({ fare, seatsLeft });
  }
  return out;
}

/** Memoised `usable` test for the itinerary search: the flight has a sellable class. */
export function usableFlights(context: OfferContext): (flight: DatedFlight) => boolean {
  const memo = new Map<DatedFlight, boolean>();
  return (flight) => {
    let usable = memo.get(flight);
    if (usable === undefined) {
      usable = sellableFares(flight, context).length > 0;
      memo.set(flight, usable);
    }
    return usable;
  };
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

/** Whether `a` is at least as good as `b` everywhere and better somewhere. */
function dominates(a: EngineOffer, b: EngineOffer): boolean {
  const noWorse =
    a.price.total <= b.price.total &&
    a.stops <= b.stops &&
    a.departUtc >= b.departUtc &&
    a.arriveUtc <= b.arriveUtc;
  const better =
    a.price.total < b.price.total ||
    a.stops < b.stops ||
    a.departUtc > b.departUtc ||
    a.arriveUtc < b.arriveUtc;
  return noWorse && better;
}

/**
 * Keeps the itineraries no other beats on price, stops and times (leaving no earlier and arriving
 * no later): every direct flight at its own time stays, a connection that is slower and dearer
 * than another goes.
 */
export function paretoBest(offers: EngineOffer[]): EngineOffer[] {
  const sorted = [...offers].sort(
    (a, b) =>
      a.price.total - b.price.total ||
      a.stops - b.stops ||
      a.arriveUtc - a.departUtc - (b.arriveUtc - b.departUtc),
  );
  const kept: EngineOffer[] = [];
  for (const offer of sorted) {
    if (!kept.some((k) => dominates(k, offer))) kept.push(offer);
  }
  return kept;
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
): EngineOffer[] {
  const cheapest: { offer: EngineOffer; options: { fare: FareClass; seatsLeft: number }[][] }[] = [];
  for (const flights of itineraries) {
    const options = flights.map((flight) => sellableFares(flight, context));
    if (options.some((o) => o.length === 0)) continue;
    const offer = makeOffer(
      flights,
      options.map((o) => o[0] as { fare: FareClass; seatsLeft: number }),
      context,
    );
    cheapest.push({ offer, options });
  }
  const optionsById = new Map(cheapest.map((c) => [c.offer.id, c.options]));
  const best = paretoBest(cheapest.map((c) => c.offer))
    .slice(0, maxItineraries)
    .sort((a, b) => a.price.total - b.price.total || a.departUtc - b.departUtc);
  const out: EngineOffer[] = [];
  for (const offer of best) {
    out.push(offer);
    const options = optionsById.get(offer.id) ?? [];
    const levels = Math.max(...options.map((o) => o.length));
    const seen = new Set([offer.id]);
    for (let level = 1; level < levels; level++) {
      const chosen = options.map(
        (o) => o[Math.min(level, o.length - 1)] as { fare: FareClass; seatsLeft: number },
      );
      const variant = makeOffer(
        offer.segments.map((s) => s.flight),
        chosen,
        context,
      );
      if (!seen.has(variant.id)) {
        seen.add(variant.id);
        out.push(variant);
      }
    }
  }
  return out;
}
