import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildOffers,
  dominates,
  type EngineOffer,
  flightTests,
  type OfferContext,
  paretoBest,
} from './build-offers';
import { MS_PER_MINUTE } from './calendar';
import { findItineraries, MAX_CONNECTION_MS, MAX_STOPS } from './find-itineraries';
import { FlightNetwork } from './flight-network';
import { decodeOfferId } from './offer-id';
import type { FareTier } from './price-offer';
import { buildSyntheticWorld, seededRandom } from './synthetic-world';

const FIRST_DAY = 20_500;
const world = buildSyntheticWorld({
  airports: 60,
  flightsPerDay: 900,
  firstDay: FIRST_DAY,
  days: 4,
  seed: 7,
});
const network = new FlightNetwork(world.legs, []);
const minConnection = (airport: string) => (airport.charCodeAt(2) % 3) * 30 + 30;

/** Seats already taken, made up per flight and class from a seed: some flights are nearly full. */
function seatsTaken(seed: number) {
  return (flightId: number, day: number, classCode: string) =>
    Math.floor(seededRandom(seed * 7919 + flightId * 31 + day * 17 + classCode.charCodeAt(0))() * 70);
}

const searchArbitrary = fc.record({
  origin: fc.constantFrom(...world.airports),
  destination: fc.constantFrom(...world.airports),
  dayOffset: fc.integer({ min: 0, max: 1 }),
  adults: fc.integer({ min: 1, max: 5 }),
  children: fc.integer({ min: 0, max: 4 }),
  infantsShare: fc.integer({ min: 0, max: 5 }),
  tier: fc.constantFrom<FareTier>('npr', 'usd', 'residential'),
  grantedCommissionPercent: fc.integer({ min: 0, max: 20 }),
  seatSeed: fc.integer({ min: 1, max: 1_000_000 }),
});

type SearchParams = typeof searchArbitrary extends fc.Arbitrary<infer T> ? T : never;

function run(params: SearchParams): { offers: EngineOffer[]; context: OfferContext } {
  const taken = seatsTaken(params.seatSeed);
  const context: OfferContext = {
    supplier: 'house',
    tier: params.tier,
    passengers: {
      adults: params.adults,
      children: params.children,
      infants: Math.min(params.adults, params.infantsShare),
    },
    agent: params.grantedCommissionPercent > 0,
    grantedCommissionPercent: params.grantedCommissionPercent,
    cabin: '',
    notBeforeUtc: 0,
    seatsLeft: (flight, classCode) =>
      Math.max(0, (flight.leg.seatsByClass[classCode] ?? 0) - taken(flight.leg.id, flight.day, classCode)),
  };
  const itineraries = findItineraries(network, {
    origin: params.origin,
    destination: params.destination,
    day: FIRST_DAY + params.dayOffset,
    maxStops: MAX_STOPS,
    ...flightTests(context),
    minConnectionMinutes: minConnection,
  });
  return { offers: buildOffers(itineraries, context), context };
}

describe('the search engine (property tests over a synthetic world)', () => {
  it('never uses an excluded (cancelled) flight, direct or in a connection', () => {
    fc.assert(
      fc.property(searchArbitrary, fc.integer({ min: 0, max: 1_000 }), (params, pick) => {
        const { offers, context } = run(params);
        const used = [...new Set(offers.flatMap((o) => o.segments.map((s) => s.flight)))];
        const cancelled = used[pick % Math.max(1, used.length)];
        if (!cancelled) return;
        const excluded = new Set([cancelled]);
        const itineraries = findItineraries(network, {
          origin: params.origin,
          destination: params.destination,
          day: FIRST_DAY + params.dayOffset,
          maxStops: MAX_STOPS,
          ...flightTests({ ...context }, excluded),
          minConnectionMinutes: minConnection,
        });
        for (const itinerary of itineraries) expect(itinerary).not.toContain(cancelled);
        const withoutIt = buildOffers(itineraries, { ...context });
        for (const offer of withoutIt) expect(offer.segments.map((s) => s.flight)).not.toContain(cancelled);
      }),
      { numRuns: 60 },
    );
  });

  it('only answers itineraries whose segments connect in space and time', () => {
    fc.assert(
      fc.property(searchArbitrary, (params) => {
        const { offers } = run(params);
        for (const offer of offers) {
          const flights = offer.segments.map((s) => s.flight);
          expect(flights[0]?.leg.origin).toBe(params.origin);
          expect(flights.at(-1)?.leg.destination).toBe(params.destination);
          expect(flights[0]?.day).toBe(FIRST_DAY + params.dayOffset);
          expect(offer.stops).toBe(flights.length - 1);
          expect(offer.stops).toBeLessThanOrEqual(MAX_STOPS);
          const airports = new Set(flights.map((f) => f.leg.origin));
          expect(airports.size).toBe(flights.length);
          for (let i = 1; i < flights.length; i++) {
            const previous = flights[i - 1];
            const next = flights[i];
            if (!previous || !next) throw new Error('missing flight');
            expect(next.leg.origin).toBe(previous.leg.destination);
            const gap = next.departUtc - previous.arriveUtc;
            expect(gap).toBeGreaterThanOrEqual(minConnection(next.leg.origin) * MS_PER_MINUTE);
            expect(gap).toBeLessThanOrEqual(MAX_CONNECTION_MS);
          }
          for (const flight of flights) expect(flight.arriveUtc).toBeGreaterThan(flight.departUtc);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('prices every offer as the sum of its parts, in whole minor units', () => {
    fc.assert(
      fc.property(searchArbitrary, (params) => {
        const { offers, context } = run(params);
        for (const { price } of offers) {
          let total = 0;
          let base = 0;
          for (const p of price.per_passenger) {
            const tourism = p.tourism_service_fee ?? -1;
            for (const value of [
              p.base,
              p.fuel_surcharge,
              p.service_charge,
              p.vat,
              tourism,
              p.total,
              p.subtotal,
            ]) {
              expect(Number.isInteger(value) && value >= 0).toBe(true);
            }
            // The receipt's lines: base fare, fuel surcharge, service charge, VAT, Tourism Service Fee.
            expect(p.base + p.fuel_surcharge + p.service_charge + p.vat + tourism).toBe(p.total);
            expect(p.taxes).toBe(p.service_charge + p.vat + tourism);
            expect(p.total).toBe(p.base + p.fuel_surcharge + p.taxes);
            expect(p.subtotal).toBe(p.total * p.count);
            total += p.subtotal;
            base += p.base * p.count;
          }
          expect(price.total).toBe(total);
          expect(price.currency).toBe(params.tier === 'usd' ? 'USD' : 'NPR');
          if (context.agent) {
            expect(price.commission?.amount).toBe(Math.round((base * params.grantedCommissionPercent) / 100));
            expect(price.commission?.net_total).toBe(price.total - (price.commission?.amount ?? 0));
          } else {
            expect(price.commission).toBeNull();
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('never offers more seats than are left, and its id names its flights, classes and passengers', () => {
    fc.assert(
      fc.property(searchArbitrary, (params) => {
        const { offers, context } = run(params);
        const seated = params.adults + params.children;
        for (const offer of offers) {
          expect(offer.seatsLeft).toBeGreaterThanOrEqual(seated);
          for (const segment of offer.segments) {
            expect(context.seatsLeft(segment.flight, segment.fare.classCode)).toBeGreaterThanOrEqual(seated);
          }
          const ref = decodeOfferId(offer.id);
          expect(ref?.passengers).toEqual(context.passengers);
          expect(ref?.segments.map((s) => `${s.airlineCode}${s.flightNumber}/${s.classCode}`)).toEqual(
            offer.segments.map(
              (s) => `${s.flight.leg.airlineCode}${s.flight.leg.flightNumber}/${s.fare.classCode}`,
            ),
          );
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps only itineraries no other one beats on price, stops and times', () => {
    fc.assert(
      fc.property(searchArbitrary, (params) => {
        const cheapest = new Map<string, EngineOffer>();
        for (const offer of run(params).offers) {
          const key = offer.segments.map((s) => `${s.flight.leg.id}@${s.flight.day}`).join('+');
          const known = cheapest.get(key);
          if (!known || offer.price.total < known.price.total) cheapest.set(key, offer);
        }
        const list = [...cheapest.values()];
        for (const a of list) {
          for (const b of list) {
            const dominates =
              a.price.total <= b.price.total &&
              a.stops <= b.stops &&
              a.departUtc >= b.departUtc &&
              a.arriveUtc <= b.arriveUtc &&
              (a.price.total < b.price.total ||
                a.stops < b.stops ||
                a.departUtc > b.departUtc ||
                a.arriveUtc < b.arriveUtc);
            expect(dominates).toBe(false);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('keeps exactly the items nothing dominates, ties included', () => {
    const item = fc.record({
      total: fc.integer({ min: 0, max: 5 }),
      stops: fc.integer({ min: 0, max: 2 }),
      departUtc: fc.integer({ min: 0, max: 6 }),
      arriveUtc: fc.integer({ min: 7, max: 12 }),
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 40 }), (items) => {
        const naive = items.filter((b) => !items.some((a) => dominates(a, b)));
        const fast = paretoBest(items);
        expect(new Set(fast)).toEqual(new Set(naive));
        expect(fast).toHaveLength(naive.length);
      }),
      { numRuns: 500 },
    );
  });
});
