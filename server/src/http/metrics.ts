import { timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE_PATH } from '#shared/constants';
import { queryRows } from '../db/client';
import { errorBody } from '../errors';

/** Upper bounds (seconds) of the request latency histogram's buckets. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = Record<string, string>;

const escapeLabel = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  return entries.length ? `{${entries.map(([k, v]) => `${k}="${escapeLabel(v)}"`).join(',')}}` : '';
};

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}
  inc(labels: Labels, by = 1): void {
    const key = labelText(labels);
    const entry = this.values.get(key);
    if (entry) entry.value += by;
    else this.values.set(key, { labels, value: by });
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines;
  }
}

class Histogram {
  private readonly values = new Map<
    string,
    { labels: Labels; buckets: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: number[],
  ) {}
  observe(labels: Labels, value: number): void {
    const key = labelText(labels);
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, buckets: this.bounds.map(() => 0), sum: 0, count: 0 };
      this.values.set(key, entry);
    }
    this.bounds.forEach((bound, index) => {
      if (value <= bound) (entry.buckets[index] as number)++;
    });
    entry.sum += value;
    entry.count++;
  }
  render(): string[] {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, buckets, sum, count } of this.values.values()) {
      for (const [index, bound] of this.bounds.entries())
        lines.push(`${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${buckets[index]}`);
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines;
  }
}

const gauge = (name: string, help: string, samples: [Labels, number][]) => [
  `# HELP ${name} ${help}`,
  `# TYPE ${name} gauge`,
  ...samples.map(([labels, value]) => `${name}${labelText(labels)} ${value}`),
];

/** The business outcome of an answer: `ok`, or its error code in lower case. */
function outcomeOf(reply: FastifyReply, payload: unknown): string {
  if (reply.statusCode < 400) return 'ok';
  const code = typeof payload === 'string' ? /"code":"([A-Z_]+)"/.exec(payload)?.[1] : undefined;
  return (code ?? String(reply.statusCode)).toLowerCase();
}

/**
 * This instance's counters and the scrape: HTTP requests and latencies by route pattern, method
 * and status; searches, holds, payments and gateway returns by outcome; and, read at scrape time,
 * bookings and tickets by status in the database, the database pool, memory and event-loop lag.
 */
export class Metrics {
  readonly requests = new Counter(
    'http_requests_total',
    'HTTP requests answered, by route pattern, method and status.',
  );
  readonly latency = new Histogram(
    'http_request_duration_seconds',
    'Time to answer an HTTP request, by route pattern, method and status.',
    LATENCY_BUCKETS,
  );
  readonly searches = new Counter('tikat_searches_total', 'Flight searches, by outcome (ok or error code).');
  readonly holds = new Counter(
    'tikat_holds_total',
    'Booking holds asked for, by outcome (ok or error code).',
  );
  readonly payments = new Counter(
    'tikat_payments_total',
    'Payments started, by method and outcome (paid: wallet; redirected: sent to the gateway; or an error code).',
  );
  readonly gatewayReturns = new Counter(
    'tikat_gateway_returns_total',
    'Payers back from a gateway, by gateway and outcome (success: verified and ticketed).',
  );
  private readonly loopDelay = monitorEventLoopDelay({ resolution: 20 });
  private readonly started = Date.now();

  constructor() {
    this.loopDelay.enable();
  }

  stop(): void {
    this.loopDelay.disable();
  }

  /** Counts one answered request. */
  record(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const route = request.routeOptions.url ?? '(no route)';
    const method = request.method;
    const status = String(reply.statusCode);
    this.requests.inc({ method, route, status });
    this.latency.observe({ method, route, status }, reply.elapsedTime / 1000);
    if (!route.startsWith(API_BASE_PATH)) return;
    const path = route.slice(API_BASE_PATH.length);
    if (method === 'POST' && path === '/flights/search')
      this.searches.inc({ outcome: outcomeOf(reply, payload) });
    else if (method === 'POST' && path === '/bookings')
      this.holds.inc({ outcome: outcomeOf(reply, payload) });
    else if (method === 'POST' && path === '/bookings/:pnr/payments') {
      const body = request.body as { method?: unknown } | undefined;
      const paymentMethod = typeof body?.method === 'string' ? body.method : 'unknown';
      let outcome = outcomeOf(reply, payload);
      if (outcome === 'ok')
        outcome = typeof payload === 'string' && payload.includes('"type":"paid"') ? 'paid' : 'redirected';
      this.payments.inc({ method: paymentMethod.slice(0, 20), outcome });
    } else if (path.startsWith('/payments/:gateway/return')) {
      const gateway = (request.params as { gateway?: string }).gateway ?? 'unknown';
      const location = String(reply.getHeader('location') ?? '');
      this.gatewayReturns.inc({
        gateway,
        outcome: location.includes('payment=success')
          ? 'success'
          : reply.statusCode < 400
            ? 'failed'
            : outcomeOf(reply, payload),
      });
    }
  }

  /** The Prometheus text exposition of everything. */
  async render(app: FastifyInstance): Promise<string> {
    const memory = process.memoryUsage();
    const pool = app.database.poolUsage();
    const cpu = process.cpuUsage();
    type CountRow = { status: string; count: string | number };
    const [bookingRows, ticketRows] = await Promise.all([
      queryRows<CountRow>(app.db, sql`select status, count(*) as count from bookings group by status`),
      queryRows<CountRow>(app.db, sql`select status, count(*) as count from tickets group by status`),
    ]);
    const lag = (value: number) => value / 1e9;
    return [
      ...this.requests.render(),
      ...this.latency.render(),
      ...this.searches.render(),
      ...this.holds.render(),
      ...this.payments.render(),
      ...this.gatewayReturns.render(),
      ...gauge(
        'tikat_bookings',
        'Bookings in the database by status (the same on every instance: aggregate with max, not sum).',
        bookingRows.map((row) => [{ status: row.status }, Number(row.count)]),
      ),
      ...gauge(
        'tikat_tickets',
        'Tickets in the database by status (open, void, refunded; the same on every instance).',
        ticketRows.map((row) => [{ status: row.status }, Number(row.count)]),
      ),
      ...gauge('tikat_db_pool_connections', 'Database connections of this instance by state (PGlite: one).', [
        [{ state: 'total' }, pool.total],
        [{ state: 'idle' }, pool.idle],
        [{ state: 'waiting' }, pool.waiting],
      ]),
      ...gauge('tikat_db_pool_max', 'Largest number of database connections this instance opens.', [
        [{}, pool.max],
      ]),
      ...gauge('process_resident_memory_bytes', 'Resident memory of the process.', [[{}, memory.rss]]),
      ...gauge('nodejs_heap_used_bytes', 'V8 heap in use.', [[{}, memory.heapUsed]]),
      ...gauge('nodejs_heap_total_bytes', 'V8 heap reserved.', [[{}, memory.heapTotal]]),
      ...gauge('nodejs_eventloop_lag_seconds', 'Event-loop delay since start, by statistic.', [
        [{ quantile: 'mean' }, lag(this.loopDelay.mean || 0)],
        [{ quantile: '0.99' }, lag(this.loopDelay.percentile(99) || 0)],
        [{ quantile: 'max' }, lag(this.loopDelay.max || 0)],
      ]),
      '# HELP process_cpu_seconds_total CPU time of the process (user and system).',
      '# TYPE process_cpu_seconds_total counter',
      `process_cpu_seconds_total ${(cpu.user + cpu.system) / 1e6}`,
      ...gauge('process_uptime_seconds', 'Seconds since this instance started.', [
        [{}, (Date.now() - this.started) / 1000],
      ]),
      '',
    ].join('\n');
  }
}

const isLoopback = (ip: string) => ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1';
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * Who may read /metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>`, or, without a
 * token, a process on the same machine talking to the app directly (loopback, and no proxy's
 * forwarding header: a proxy on the same machine would otherwise make every visitor local).
 */
export function mayReadMetrics(
  request: FastifyRequest,
  token: string | undefined,
): 'yes' | 'no' | 'bad-token' {
  const header = request.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s/i.test(header)) {
    if (!token) return 'bad-token';
    const sent = Buffer.from(header.replace(/^Bearer\s+/i, '').trim());
    const expected = Buffer.from(token);
    return sent.length === expected.length && timingSafeEqual(sent, expected) ? 'yes' : 'bad-token';
  }
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return isLoopback(request.socket.remoteAddress ?? '') && !forwarded ? 'yes' : 'no';
}

/** Counts every answer, and serves GET /metrics to those who may read it (others: 404). */
export async function registerMetrics(
  app: FastifyInstance,
  options: { token: string | undefined },
): Promise<void> {
  const metrics = new Metrics();
  app.addHook('onClose', async () => metrics.stop());
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      metrics.record(request, reply, payload);
    } catch (error) {
      request.log.warn({ err: error }, 'metrics: could not count a request');
    }
    return payload;
  });
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    const access = mayReadMetrics(request, options.token);
    if (access === 'bad-token')
      return reply.code(401).send(errorBody('UNAUTHENTICATED', 'Send the metrics token.'));
    if (access === 'no') return reply.code(404).send(errorBody('NOT_FOUND', 'There is no GET /metrics.'));
    return reply
      .type('text/plain; version=0.0.4; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(await metrics.render(app));
  });
}
