import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { houseSupplier } from '../../domain/suppliers/house-supplier';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inDays = (n: number) => dateOf(todayInNepal() + n);

async function offersOn(date: string, extra: Record<string, unknown> = {}): Promise<FlightOffer[]> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/b2b/v2/flights/search',
    payload: { depart_code: 'KTM', dest_code: 'PKR', depart_date: date, nationality_code: 'NP', ...extra },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.legs[0].offers;
}

const flightOf = (offer: FlightOffer) =>
  `${offer.segments[0]?.airline_code}${offer.segments[0]?.flight_number} ${offer.segments[0]?.depart_at}`;

/** Each flight's lowest total on one day. */
function lowestPerFlight(offers: FlightOffer[]): Map<string, number> {
  const lowest = new Map<string, number>();
  for (const offer of offers) {
    const key = flightOf(offer);
    lowest.set(key, Math.min(lowest.get(key) ?? Number.POSITIVE_INFINITY, offer.price.total));
  }
  return lowest;
}

describe('demand in the demo year', () => {
  it('gives the lowest KTM→PKR fare at least 4 different values over 28 consecutive days', async () => {
    const lowest: number[] = [];
    for (let day = 1; day <= 28; day++) {
      const offers = await offersOn(inDays(day));
      lowest.push(Math.min(...offers.map((o) => o.price.total)));
    }
    expect(new Set(lowest).size).toBeGreaterThanOrEqual(4);
  });

  it('prices the flights of one day differently', async () => {
    for (const day of [2, 9, 20]) {
      const perFlight = lowestPerFlight(await offersOn(inDays(day)));
      expect(new Set(perFlight.values()).size).toBeGreaterThanOrEqual(3);
    }
  });

  it("still raises a flight's fare when its cheapest class sells out", async () => {
    const date = inDays(10);
    const cheapestOf = (offers: FlightOffer[], flight: string) =>
      offers.filter((o) => flightOf(o) === flight).sort((a, b) => a.price.total - b.price.total)[0];
    const before = (await offersOn(date))[0];
    if (!before?.segments[0]) throw new Error('no offer');
    const flight = flightOf(before);
    const priced = await houseSupplier.price(t.app.db, {
      offerId: before.id,
      agent: false,
      grantedCommissionPercent: 0,
      notBeforeUtc: Date.now(),
    });
    if (priced.status !== 'available') throw new Error('the offer is not available');
    // Bought in Tikat, on top of the seats the demand model sold elsewhere: the class is full.
    const expiresAt = new Date(Date.now() + 600_000);
    const outcomes = await houseSupplier.holdMany(
      t.app.db,
      Array.from({ length: before.seats_left + 1 }, () => ({ offers: [priced.offer], expiresAt })),
    );
    expect(outcomes.filter((o) => 'holds' in o)).toHaveLength(before.seats_left);
    const after = cheapestOf(await offersOn(date), flight);
    expect(after?.fare.class_codes[0]).not.toBe(before.fare.class_codes[0]);
    expect(after?.price.total).toBeGreaterThan(before.price.total);
  });

  it('answers the same fares from a second search (the model is deterministic)', async () => {
    const first = await offersOn(inDays(5));
    const second = await offersOn(inDays(5));
    expect(second.map((o) => [o.id, o.price.total, o.seats_left])).toEqual(
      first.map((o) => [o.id, o.price.total, o.seats_left]),
    );
  });
});
