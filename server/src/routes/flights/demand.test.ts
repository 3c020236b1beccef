import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flights/engine/calendar';
import { holdSeats } from '../../test/bookings';
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
  it('gives the lowest KTM→PKR fare at least 4 different values over 14 consecutive days', async () => {
    const lowest: number[] = [];
    for (let day = 1; day <= 14; day++) {
      const offers = await offersOn(inDays(day));
      lowest.push(Math.min(...offers.map((o) => o.price.total)));
    }
    console.log(lowest.join(' '));
    expect(new Set(lowest).size).toBeGreaterThanOrEqual(4);
  });

  it('prices the flights of one day differently', async () => {
    for (const day of [2, 9, 20]) {
      const perFlight = lowestPerFlight(await offersOn(inDays(day)));
      console.log(day, [...perFlight.values()].join(' '));
      expect(new Set(perFlight.values()).size).toBeGreaterThanOrEqual(3);
    }
  });

  it('answers the same fares from a second search (the model is deterministic)', async () => {
    const first = await offersOn(inDays(5));
    const second = await offersOn(inDays(5));
    expect(second.map((o) => [o.id, o.price.total, o.seats_left])).toEqual(
      first.map((o) => [o.id, o.price.total, o.seats_left]),
    );
  });
});
