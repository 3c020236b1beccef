import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, logInDemo } from '../test/accounts';
import { bookingBody, findOffer, postBooking } from '../test/bookings';
import { createTestApp, type TestApp } from '../test/test-app';

const TOKEN = 'metrics-token-of-the-test-0123';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });

/** The value of one sample line (`name{labels} value`), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('counts requests, latencies, searches, holds and payments, and reports the pool, memory and lag', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    for (let i = 0; i < 3; i++) await api(t, { method: 'GET', url: '/countries' });
    await api(t, { method: 'GET', url: '/bookings/ZZZZZ9', cookie: agent });
    const offer = await findOffer(t, { cookie: agent });
    const held = await postBooking(t, agent, bookingBody([offer]));
    expect(held.statusCode).toBe(200);
    await postBooking(t, agent, { ...bookingBody([offer]), offers: [{ id: offer.id, total: 1 }] });
    const paid = await api(t, {
      method: 'POST',
      url: `/bookings/${held.json().data.pnr}/payments`,
      cookie: agent,
      payload: { method: 'wallet' },
    });
    expect(paid.statusCode).toBe(200);

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    const countries = '{method="GET",route="/api/b2b/v2/countries",status="200"}';
    expect(sample(text, `http_requests_total${countries}`)).toBe(3);
    expect(sample(text, `http_request_duration_seconds_count${countries}`)).toBe(3);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(
      sample(
        text,
        'http_request_duration_seconds_bucket{method="GET",route="/api/b2b/v2/countries",status="200",le="+Inf"}',
      ),
    ).toBe(3);
    expect(
      sample(text, 'http_requests_total{method="GET",route="/api/b2b/v2/bookings/:pnr",status="404"}'),
    ).toBe(1);
    expect(sample(text, 'tikat_searches_total{outcome="ok"}')).toBe(1);
    expect(sample(text, 'tikat_holds_total{outcome="ok"}')).toBe(1);
    expect(sample(text, 'tikat_holds_total{outcome="price_changed"}')).toBe(1);
    expect(sample(text, 'tikat_payments_total{method="wallet",outcome="paid"}')).toBe(1);
    expect(sample(text, 'tikat_tickets{status="open"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tikat_bookings{status="ticketed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tikat_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tikat_db_pool_connections{state="waiting"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'nodejs_eventloop_lag_seconds{quantile="0.99"}')).toBeGreaterThanOrEqual(0);
    // Every line is a comment or `name{labels} number`.
    for (const line of text.split('\n').filter(Boolean))
      expect(line).toMatch(
        /^(# (HELP|TYPE) \w+ .+|[a-z_]+(\{[^}]*\})? -?[0-9.e+-]+|[a-z_]+(\{[^}]*\})? NaN)$/,
      );
  });

  it('is not public: no proxied or remote caller without the token, 401 for a wrong token', async () => {
    expect((await scrape({}, '203.0.113.9')).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape({ host: 'globalime.localhost', forwarded: 'for=203.0.113.9' })).statusCode).toBe(
      404,
    );
    expect(
      (await scrape({ authorization: 'Bearer wrong-token-wrong-token' }, '203.0.113.9')).statusCode,
    ).toBe(401);
    const withToken = await scrape(
      { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '203.0.113.9' },
      '203.0.113.9',
    );
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_requests_total');
  });
});
