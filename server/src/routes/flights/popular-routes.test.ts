import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POPULAR_DOMESTIC_ROUTES } from '#shared/flights';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The fare calendar's lowest figure for a route over the given days, asked through HTTP. */
async function calendarLowest(from: string, to: string, dates: string[], nationality = 'NP') {
  let best: { total: number; date: string } | null = null;
  for (const month of new Set(dates.map((d) => d.slice(0, 7)))) {
    const response = await t.app.inject({
      url: `/api/b2b/v2/flights/calendar?depart_code=${from}&dest_code=${to}&month=${month}&nationality_code=${nationality}`,
    });
    expect(response.statusCode).toBe(200);
    for (const day of response.json().data.days as { date: string; lowest_total: number | null }[]) {
      if (day.lowest_total === null || !dates.includes(day.date)) continue;
      if (!best || day.lowest_total < best.total) best = { total: day.lowest_total, date: day.date };
    }
  }
  return best;
}

describe('GET /api/b2b/v2/flights/popular-routes', () => {
  it("answers each busy route's lowest fare over the next 14 days, the fare calendar's figure", async () => {
    const response = await t.app.inject({ url: '/api/b2b/v2/flights/popular-routes' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const dates = Array.from({ length: 14 }, (_, i) => dateOf(todayInNepal() + 1 + i));
    expect(data).toMatchObject({ currency: 'NPR', from_date: dates[0], to_date: dates[13] });
    expect(data.routes.map((r: { dest_code: string }) => r.dest_code)).toEqual(
      POPULAR_DOMESTIC_ROUTES.map((r) => r.dest_code),
    );
    for (const route of data.routes) {
      const expected = await calendarLowest(route.depart_code, route.dest_code, dates);
      expect(expected).not.toBeNull();
      expect(route).toMatchObject({ lowest_total: expected?.total, date: expected?.date });
    }
    const mountain = await calendarLowest('KTM', 'MTN', dates);
    expect(data.mountain_flight).toMatchObject({
      depart_code: 'KTM',
      dest_code: 'MTN',
      lowest_total: mountain?.total,
      date: mountain?.date,
    });
  });

  it('prices a foreign traveller in USD', async () => {
    const response = await t.app.inject({ url: '/api/b2b/v2/flights/popular-routes?nationality_code=US' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.currency).toBe('USD');
    const dates = Array.from({ length: 14 }, (_, i) => dateOf(todayInNepal() + 1 + i));
    const expected = await calendarLowest('KTM', 'PKR', dates, 'US');
    expect(data.routes[0]).toMatchObject({ dest_code: 'PKR', lowest_total: expected?.total });
  });

  it('refuses an unknown nationality naming the field', async () => {
    const response = await t.app.inject({ url: '/api/b2b/v2/flights/popular-routes?nationality_code=QQ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      success: false,
      data: { fields: { nationality_code: expect.any(String) } },
    });
  });
});
