import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOffers, flightTests, type OfferContext } from './build-offers';
import { MS_PER_DAY, todayInNepal } from './calendar';
import { demandSeatsLeft, demandSoldIn } from './demand';
import { findItineraries, MAX_STOPS } from './find-itineraries';
import { FlightNetwork } from './flight-network';
import type { FareTier } from './price-offer';
import { addStoredLaddersAndControls, buildSyntheticWorld } from './synthetic-world';

const FIRST_DAY = 20_500;
const world = buildSyntheticWorld({
  airports: 50,
  flightsPerDay: 700,
  firstDay: FIRST_DAY,
  days: 3,
  seed: 11,
});

/** What a kept price is kept for: the same passengers, tier and cabin on one sales day. */
const kindArbitrary = fc.record({
  adults: fc.integer({ min: 1, max: 3 }),
  children: fc.integer({ min: 0, max: 1 }),
  tier: fc.constantFrom<FareTier>('npr', 'usd', 'residential'),
  cabin: fc.constantFrom<OfferContext['cabin']>('', '', 'economy', 'business'),
  // Days before the first flight day: the advance-purchase classes (7 and 3 days) close during
  // these sales days, at each flight's own time of day.
  daysBefore: fc.constantFrom<number>(0, 1, 3, 3, 7),
});
// A few airports (the hubs among them), so that searches of a run meet the same flights again.
const airports = world.airports.slice(0, 8);
const searchArbitrary = fc.record({
  origin: fc.constantFrom(...airports),
  destination: fc.constantFrom(...airports),
  dayOffset: fc.constantFrom<number>(0, 0, 1),
  // Any hour of the sales day, in any order: a search may come "earlier" than the last one.
  hour: fc.integer({ min: 0, max: 23 }),
  // Seats held in Tikat on every fifth schedule, as the house supplier counts them.
  held: fc.integer({ min: 0, max: 3 }),
});
type Kind = typeof kindArbitrary extends fc.Arbitrary<infer T> ? T : never;
type Search = typeof searchArbitrary extends fc.Arbitrary<infer T> ? T : never;

const networkOf = (legs = world.legs, firstDay = FIRST_DAY) => {
  const { fares, controls } = addStoredLaddersAndControls(legs, firstDay);
  return new FlightNetwork(legs, fares, controls);
};

function offersOf(
  network: FlightNetwork,
  kind: Kind,
  search: Search,
  shareLeadPrices: boolean,
  firstDay = FIRST_DAY,
) {
  const salesDay = firstDay - kind.daysBefore;
  const notBeforeUtc = salesDay * MS_PER_DAY + search.hour * 3_600_000;
  const heldOn = (scheduleId: number) => search.held > 0 && (scheduleId + search.held) % 5 === 0;
  const context: OfferContext = {
    supplier: 'house',
    tier: kind.tier,
    passengers: { adults: kind.adults, children: kind.children, infants: 0 },
    agent: false,
    grantedCommissionPercent: 0,
    cabin: kind.cabin,
    notBeforeUtc,
    seatsLeft: (flight, classCode) =>
      heldOn(flight.leg.id)
        ? Math.max(
            0,
            (flight.leg.seatsByClass[classCode] ?? 0) -
              search.held -
              demandSoldIn(flight, classCode, salesDay),
          )
        : demandSeatsLeft(flight, classCode, salesDay),
    ...(shareLeadPrices ? { demandOnly: { salesDay, covers: (scheduleId) => !heldOn(scheduleId) } } : {}),
  };
  const itineraries = findItineraries(network, {
    origin: search.origin,
    destination: search.destination,
    day: firstDay + search.dayOffset,
    maxStops: MAX_STOPS,
    ...flightTests(context),
    minConnectionMinutes: () => 45,
  });
  return buildOffers(itineraries, context).map(
    (offer) => `${offer.id} ${offer.price.total} ${offer.seatsLeft}`,
  );
}

describe('cheapest prices kept on flights between searches (context.demandOnly)', () => {
  it('never changes an answer: a run of searches on one network equals each search on a new network', () => {
    fc.assert(
      fc.property(
        kindArbitrary,
        fc.array(searchArbitrary, { minLength: 2, maxLength: 16 }),
        (kind, searches) => {
          const shared = networkOf();
          for (const search of searches) {
            expect(offersOf(shared, kind, search, true)).toEqual(offersOf(networkOf(), kind, search, false));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('prices a flight from the seats and terms kept beside it as from its fares (searches on the sales day the network expanded its days)', () => {
    // The network keeps each class's demand seats, terms and adult NPR total as it expands a day,
    // for the sales day it expands on: today. A world of days ahead, priced today.
    const salesDay = todayInNepal();
    const ahead = buildSyntheticWorld({
      airports: 50,
      flightsPerDay: 700,
      firstDay: salesDay + 1,
      days: 3,
      seed: 11,
    });
    const kept = networkOf(ahead.legs, salesDay + 1);
    const plain = networkOf(ahead.legs, salesDay + 1);
    let priced = 0;
    fc.assert(
      fc.property(kindArbitrary, fc.integer({ min: 0, max: 23 }), (kind, hour) => {
        const contextOf = (shareLeadPrices: boolean): OfferContext => ({
          supplier: 'house',
          tier: kind.tier,
          passengers: { adults: kind.adults, children: kind.children, infants: 0 },
          agent: false,
          grantedCommissionPercent: 0,
          cabin: kind.cabin,
          notBeforeUtc: salesDay * MS_PER_DAY + hour * 3_600_000,
          seatsLeft: (flight, classCode) => demandSeatsLeft(flight, classCode, salesDay),
          ...(shareLeadPrices ? { demandOnly: { salesDay, covers: () => true } } : {}),
        });
        const fromKept = flightTests(contextOf(true)).cost;
        const fromFares = flightTests(contextOf(false)).cost;
        for (const origin of ahead.airports.slice(0, 10))
          for (const destination of ahead.airports.slice(0, 10)) {
            const flights = kept.flights(origin, destination, salesDay + 1);
            const same = plain.flights(origin, destination, salesDay + 1);
            expect(flights.map(fromKept)).toEqual(same.map(fromFares));
            priced += flights.filter((flight) => fromKept(flight) !== Number.POSITIVE_INFINITY).length;
          }
      }),
      { numRuns: 40 },
    );
    expect(priced).toBeGreaterThan(100);
  });

  it('forgets a kept price once its class closes: AAA→AAE at 00:00 and at 22:00, 3 days before', () => {
    const kind: Kind = { adults: 1, children: 0, tier: 'npr', cabin: '', daysBefore: 3 };
    const at = (hour: number) => ({ origin: 'AAA', destination: 'AAE', dayOffset: 0, hour, held: 0 });
    const shared = networkOf();
    const midnight = offersOf(shared, kind, at(0), true);
    const late = offersOf(shared, kind, at(22), true);
    expect(late).toEqual(offersOf(networkOf(), kind, at(22), false));
    // The 3-day advance-purchase class closed in between: the answer did change.
    expect(late).not.toEqual(midnight);
  });

  it('finds offers in most of these searches (the comparison above is not between empty answers)', () => {
    const network = networkOf();
    const kind: Kind = { adults: 1, children: 0, tier: 'npr', cabin: '', daysBefore: 1 };
    let answered = 0;
    fc.assert(
      fc.property(searchArbitrary, (search) => {
        if (offersOf(network, kind, search, true).length > 0) answered++;
      }),
      { numRuns: 100, seed: 7 },
    );
    expect(answered).toBeGreaterThan(40);
  });
});
