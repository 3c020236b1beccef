import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { domesticRoutes, hubRoutes, internationalRoutes } from '../../seed/demo-network';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demoAirports = [
  ...new Set([...domesticRoutes, ...internationalRoutes, ...hubRoutes].flatMap((r) => [r.from, r.to])),
];

const searchBody = fc.record({
  depart_code: fc.constantFrom(...demoAirports),
  dest_code: fc.constantFrom(...demoAirports),
  daysAhead: fc.integer({ min: 0, max: 60 }),
  nationality_code: fc.constantFrom('NP', 'IN', 'US', 'GB', 'CN', 'AU'),
  adults: fc.integer({ min: 1, max: 4 }),
  children: fc.integer({ min: 0, max: 3 }),
  infants: fc.integer({ min: 0, max: 2 }),
});

describe('POST /flights/search on the demo year (property tests)', () => {
  it('follows the nationality rules, connects its segments and adds up its prices', async () => {
    await fc.assert(
      fc.asyncProperty(searchBody, async ({ daysAhead, ...rest }) => {
        const body = { ...rest, depart_date: dateOf(todayInNepal() + daysAhead) };
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/b2b/v2/flights/search',
          payload: body,
        });
        // KTM→KTM is the Everest mountain flight; any other same-airport trip is refused.
        const sameAirport = body.depart_code === body.dest_code && body.depart_code !== 'KTM';
        if (body.infants > body.adults || sameAirport) {
          expect(response.statusCode).toBe(400);
          return;
        }
        expect(response.statusCode).toBe(200);
        const foreigner = !['NP', 'IN'].includes(body.nationality_code);
        const offers: FlightOffer[] = response.json().data.legs[0].offers;
        for (const offer of offers) {
          expect(offer.price.currency).toBe(foreigner ? 'USD' : 'NPR');
          if (foreigner) expect(offer.fare.class_codes).not.toContain('B');
          expect(offer.seats_left).toBeGreaterThanOrEqual(body.adults + body.children);
          expect(offer.price.total).toBe(offer.price.per_passenger.reduce((sum, p) => sum + p.subtotal, 0));
          expect(offer.segments[0]?.depart_code).toBe(body.depart_code);
          expect(offer.segments.at(-1)?.dest_code).toBe(body.dest_code);
          for (let i = 1; i < offer.segments.length; i++) {
            expect(offer.segments[i]?.depart_code).toBe(offer.segments[i - 1]?.dest_code);
            expect(Date.parse(offer.segments[i]?.depart_at ?? '')).toBeGreaterThan(
              Date.parse(offer.segments[i - 1]?.arrive_at ?? ''),
            );
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('never answers arbitrary JSON with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (payload) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/b2b/v2/flights/search',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expect(response.statusCode).toBeLessThan(500);
      }),
      { numRuns: 60 },
    );
  });
});
