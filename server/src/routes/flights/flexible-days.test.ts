import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchFlight } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { api } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Each flight of the date with its fare families, as the search answers it. */
async function familiesOn(date: string, flexibleDays: number): Promise<string[]> {
  const response = await api(t, {
    method: 'POST',
    url: '/flights/search',
    payload: { depart_code: 'KTM', dest_code: 'PKR', depart_date: date, flexible_days: flexibleDays },
  });
  expect(response.statusCode, response.body).toBe(200);
  const flights = response.json().data.legs[0].flights as SearchFlight[];
  return flights
    .filter((flight) => flight.segments[0]?.depart_at.startsWith(date))
    .map(
      (flight) => `${flight.segments[0]?.flight_number}: ${flight.families.map((f) => f.family).join(', ')}`,
    )
    .sort();
}

describe('a search with dates either side (the results page asks ±3 days)', () => {
  it('answers the chosen day with every fare family its single-day search has', async () => {
    for (const ahead of [6, 20]) {
      const date = dateOf(todayInNepal() + ahead);
      const single = await familiesOn(date, 0);
      expect(single.length).toBeGreaterThan(3);
      expect(await familiesOn(date, 3)).toEqual(single);
    }
  });
});
