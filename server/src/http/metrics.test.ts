import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '#shared/bookings';
import { api, logInDemo } from '../test/accounts';
import { bookingBody, findOffer, holdBooking, postBooking } from '../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../test/payment-sandbox';
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
        'http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/b2b/v2/countries",status="200"}',
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
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_heap_used_bytes')).toBeGreaterThan(1_000_000);
    expect(sample(text, 'process_uptime_seconds')).toBeGreaterThan(0);
    // prom-client's default process and Node metrics.
    for (const family of [
      'process_cpu_seconds_total',
      'process_start_time_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_version_info',
    ])
      expect(text).toMatch(new RegExp(`^# TYPE ${family} `, 'm'));
    // Every line is a comment or `name{labels} number`, and no family is exposed twice.
    for (const line of text.split('\n').filter(Boolean))
      expect(line).toMatch(
        /^(# (HELP|TYPE) \w+ .+|[a-z_][a-z0-9_]*(\{[^}]*\})? (-?[0-9.e+-]+|NaN|[+-]Inf))$/,
      );
    const families = text.split('\n').filter((line) => line.startsWith('# TYPE '));
    expect(new Set(families).size).toBe(families.length);
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

it('still serves the process figures while the database is away, without the database series', async () => {
  const alone = await createTestApp();
  const scrapeAlone = () => alone.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  try {
    // The first answer loads the brands (the security headers follow the host's brand), cached 30 s.
    expect((await scrapeAlone()).body).toMatch(/^tikat_email_outbox_unsent\{/m);
    await alone.database.close();
    const response = await scrapeAlone();
    expect(response.statusCode).toBe(200);
    expect(sample(response.body, 'process_uptime_seconds')).toBeGreaterThan(0);
    expect(response.body).toContain('# TYPE process_cpu_seconds_total counter');
    expect(response.body).not.toMatch(/^tikat_email_outbox_unsent\{/m);
  } finally {
    await alone.app.close();
  }
});

describe('GET /metrics over a socket: domain families move', () => {
  let sandbox: SandboxTestApp;
  beforeAll(async () => {
    sandbox = await createSandboxTestApp({ METRICS_TOKEN: TOKEN }, { publicUrl: true });
  });
  afterAll(() => sandbox.close());

  const scrapeOverHttp = async () => {
    const response = await fetch(`${sandbox.origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    return response.text();
  };
  const series = {
    searches: 'tikat_supplier_calls_total{supplier="house",operation="search",outcome="ok"}',
    searchTimes: 'tikat_supplier_call_duration_seconds_count{supplier="house",operation="search"}',
    holds: 'tikat_supplier_calls_total{supplier="house",operation="holdMany",outcome="ok"}',
    issues: 'tikat_supplier_calls_total{supplier="house",operation="issue",outcome="ok"}',
    paid: 'tikat_gateway_payments_total{gateway="khalti",outcome="paid"}',
    cancelled: 'tikat_gateway_payments_total{gateway="khalti",outcome="cancelled"}',
    held: 'tikat_bookings{status="held"}',
    ticketed: 'tikat_bookings{status="ticketed"}',
    outbox: 'tikat_email_outbox_unsent{state="queued"}',
    searchLatency:
      'http_request_duration_seconds_count{method="POST",route="/api/b2b/v2/flights/search",status="200"}',
  };
  const read = (text: string) =>
    Object.fromEntries(Object.entries(series).map(([key, name]) => [key, sample(text, name) ?? 0])) as Record<
      keyof typeof series,
      number
    >;

  it('counts supplier calls and their latency, gateway payments by outcome, bookings by status and the outbox', async () => {
    const customer = await logInDemo(sandbox, 'sajilo', 'customer');
    const before = read(await scrapeOverHttp());

    const startPaying = async (days: number) => {
      const held = await holdBooking(sandbox, customer, { days });
      const started = await api(sandbox, {
        method: 'POST',
        url: `/bookings/${held.pnr}/payments`,
        cookie: customer,
        payload: { method: 'khalti' },
      });
      expect(started.statusCode).toBe(200);
      return gatewayAction(started.json().data as PaymentAction);
    };
    await followReturn(sandbox.app, await payInSandbox(await startPaying(21), 'pay'));
    await followReturn(sandbox.app, await payInSandbox(await startPaying(22), 'cancel'));
    await holdBooking(sandbox, customer, { days: 23 });

    const after = read(await scrapeOverHttp());
    expect(after.searches - before.searches).toBeGreaterThanOrEqual(3);
    expect(after.searchTimes - before.searchTimes).toBe(after.searches - before.searches);
    expect(after.holds - before.holds).toBeGreaterThanOrEqual(3);
    expect(after.issues - before.issues).toBe(1);
    expect(after.paid - before.paid).toBe(1);
    expect(after.cancelled - before.cancelled).toBe(1);
    expect(after.ticketed - before.ticketed).toBe(1);
    expect(after.held - before.held).toBeGreaterThanOrEqual(1);
    expect(after.outbox - before.outbox).toBeGreaterThanOrEqual(1);
    expect(after.searchLatency - before.searchLatency).toBe(3);
  });
});
