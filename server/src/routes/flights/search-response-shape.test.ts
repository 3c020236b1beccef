import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightSearchResponse } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { logIn } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const inDays = (n: number) => dateOf(todayInNepal() + n);

/**
 * The search answer is written as the presenter shaped it (no zod encoding per request): every
 * answer must still be exactly what the schema, and so the OpenAPI document, describes.
 */
describe('POST /flights/search answers the documented shape', () => {
  const searches: [string, Record<string, unknown>][] = [
    ['domestic, one way', { depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(1) }],
    [
      'international with connections, a family of foreigners',
      {
        depart_code: 'KTM',
        dest_code: 'LHR',
        depart_date: inDays(2),
        nationality_code: 'GB',
        adults: 2,
        children: 1,
        infants: 1,
      },
    ],
    [
      'round trip over flexible dates, residential fare',
      {
        trip_type: 'roundtrip',
        depart_code: 'KTM',
        dest_code: 'BIR',
        depart_date: inDays(3),
        return_date: inDays(6),
        flexible_days: 2,
        nationality_code: 'US',
        residential: true,
      },
    ],
    [
      'nothing flies',
      { depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(1), flight_class: 'business' },
    ],
  ];

  for (const [name, body] of searches) {
    it(`${name}: as a visitor and as an agent with commission and markup`, async () => {
      const { token } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
      for (const authorization of [undefined, `Bearer ${token}`]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/b2b/v2/flights/search',
          payload: body,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(200);
        const { success, data } = response.json();
        expect(success).toBe(true);
        // Parsing strips unknown keys and fails on a wrong type: equal means nothing extra, nothing off.
        expect(flightSearchResponse.parse(data)).toEqual(data);
      }
    });
  }
});
