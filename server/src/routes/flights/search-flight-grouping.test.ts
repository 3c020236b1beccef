import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer, SearchFlight } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inDays = (n: number) => dateOf(todayInNepal() + n);

async function searchLegs(body: Record<string, unknown>) {
  const response = await t.app.inject({ method: 'POST', url: '/api/b2b/v2/flights/search', payload: body });
  expect(response.statusCode).toBe(200);
  return response.json().data.legs as { offers: FlightOffer[]; flights: SearchFlight[] }[];
}

const flownAs = (segments: { flight_number: string; depart_at: string }[]) =>
  segments.map((s) => `${s.flight_number} ${s.depart_at}`).join(' + ');

/** Every offer is one fare family of exactly one flight, and every flight is listed once. */
function expectGroupedExactly(leg: { offers: FlightOffer[]; flights: SearchFlight[] }) {
  const options = leg.flights.flatMap((flight) => flight.families.map((f) => f.offer_id));
  expect(options).toHaveLength(leg.offers.length);
  expect(new Set(options).size).toBe(options.length);
  expect(new Set(options)).toEqual(new Set(leg.offers.map((o) => o.id)));
  const flown = leg.flights.map((flight) => flownAs(flight.segments));
  expect(new Set(flown).size).toBe(flown.length);
  expect(leg.flights.length).toBe(new Set(leg.offers.map((o) => flownAs(o.segments))).size);

  const offersById = new Map(leg.offers.map((o) => [o.id, o]));
  for (const flight of leg.flights) {
    expect(flight.families.length).toBeGreaterThan(0);
    const totals = flight.families.map((f) => f.price.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(flight.lowest_total).toBe(totals[0]);
    for (const option of flight.families) {
      const offer = offersById.get(option.offer_id);
      // The option is the offer it names, flown as the flight it is listed under.
      expect(flownAs(offer?.segments ?? [])).toBe(flownAs(flight.segments));
      expect(option).toMatchObject({
        family: offer?.fare.family,
        baggage: offer?.fare.baggage,
        refundable: offer?.fare.refundable,
        refund_policy: offer?.fare.refund_policy,
        seats_left: offer?.seats_left,
        price: offer?.price,
      });
      expect(flight.stops).toBe(offer?.stops);
      expect(flight.duration_minutes).toBe(offer?.duration_minutes);
    }
  }
}

describe('POST /flights/search lists each flight once with its fare families (legs[].flights)', () => {
  it('KTM→PKR: fewer flights than offers, several families on a flight, none on two', async () => {
    const [leg] = await searchLegs({ depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(1) });
    if (!leg) throw new Error('no leg');
    expectGroupedExactly(leg);
    expect(leg.flights.length).toBeLessThan(leg.offers.length);
    const withFamilies = leg.flights.find((flight) => flight.families.length > 1);
    expect(new Set(withFamilies?.families.map((f) => f.family)).size).toBeGreaterThan(1);
  });

  it('connections to London, and each leg of a round trip over flexible dates', async () => {
    const [london] = await searchLegs({
      depart_code: 'KTM',
      dest_code: 'LHR',
      depart_date: inDays(2),
      nationality_code: 'GB',
    });
    if (!london) throw new Error('no leg');
    expectGroupedExactly(london);
    expect(london.flights.some((flight) => flight.stops > 0)).toBe(true);

    const legs = await searchLegs({
      trip_type: 'roundtrip',
      depart_code: 'KTM',
      dest_code: 'BIR',
      depart_date: inDays(3),
      return_date: inDays(6),
      flexible_days: 2,
    });
    expect(legs).toHaveLength(2);
    for (const leg of legs) expectGroupedExactly(leg);
  });
});
