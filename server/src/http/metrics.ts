import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { API_BASE_PATH } from '#shared/constants';
import { queryRows } from '../db/client';
import { errorBody } from '../errors';
import { collectProcessMetrics, processRegistry } from '../process-metrics';

/** Upper bounds (seconds) of the request latency histogram's buckets. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The business outcome of an answer: `ok`, or its error code in lower case. */
function outcomeOf(reply: FastifyReply, payload: unknown): string {
  if (reply.statusCode < 400) return 'ok';
  const code = typeof payload === 'string' ? /"code":"([A-Z_]+)"/.exec(payload)?.[1] : undefined;
  return (code ?? String(reply.statusCode)).toLowerCase();
}

type CountRow = { status: string; count: string | number };

function setByStatus(gauge: Gauge<'status'>, rows: CountRow[]): void {
  for (const row of rows) gauge.set({ status: row.status }, Number(row.count));
}

/**
 * This app's metrics, on its own registry (several apps in one process, as in tests, count
 * apart): HTTP requests and latencies by route pattern, method and status; searches, holds,
 * payments and gateway returns by outcome; and, read at scrape time, bookings and tickets by
 * status, the e-mail outbox's unsent rows, the database pool and the V8 heap. The process-wide
 * metrics (prom-client's defaults, supplier calls, gateway payments) are in process-metrics.ts.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly registers = [this.registry];
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: this.registers,
  });
  readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: this.registers,
  });
  readonly searches = new Counter({
    name: 'tikat_searches_total',
    help: 'Flight searches, by outcome (ok or error code).',
    labelNames: ['outcome'] as const,
    registers: this.registers,
  });
  readonly holds = new Counter({
    name: 'tikat_holds_total',
    help: 'Booking holds asked for, by outcome (ok or error code).',
    labelNames: ['outcome'] as const,
    registers: this.registers,
  });
  readonly payments = new Counter({
    name: 'tikat_payments_total',
    help: 'Payments started, by method and outcome (paid: wallet; redirected: sent to the gateway; or an error code).',
    labelNames: ['method', 'outcome'] as const,
    registers: this.registers,
  });
  readonly gatewayReturns = new Counter({
    name: 'tikat_gateway_returns_total',
    help: 'Payers back from a gateway, by gateway and outcome (success: verified and ticketed).',
    labelNames: ['gateway', 'outcome'] as const,
    registers: this.registers,
  });
  private readonly bookings = new Gauge({
    name: 'tikat_bookings',
    help: 'Bookings in the database by status (the same on every instance: aggregate with max, not sum).',
    labelNames: ['status'] as const,
    registers: this.registers,
  });
  private readonly tickets = new Gauge({
    name: 'tikat_tickets',
    help: 'Tickets in the database by status (open, void, refunded; the same on every instance).',
    labelNames: ['status'] as const,
    registers: this.registers,
  });
  private readonly outbox = new Gauge({
    name: 'tikat_email_outbox_unsent',
    help:
      'E-mails of the outbox not sent, by state (queued: to be tried; failed: given up), read from the ' +
      'database (the same on every instance).',
    labelNames: ['state'] as const,
    registers: this.registers,
  });
  private readonly started = Date.now();

  constructor(private readonly app: FastifyInstance) {
    const { registers } = this;
    new Gauge({
      name: 'tikat_db_pool_connections',
      help: 'Database connections of this instance by state (PGlite: one).',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const pool = app.database.poolUsage();
        this.set({ state: 'total' }, pool.total);
        this.set({ state: 'idle' }, pool.idle);
        this.set({ state: 'waiting' }, pool.waiting);
      },
    });
    new Gauge({
      name: 'tikat_db_pool_max',
      help: 'Largest number of database connections this instance opens.',
      registers,
      collect() {
        this.set(app.database.poolUsage().max);
      },
    });
    new Gauge({
      name: 'nodejs_heap_used_bytes',
      help: 'V8 heap in use (as nodejs_heap_size_used_bytes).',
      registers,
      collect() {
        this.set(process.memoryUsage().heapUsed);
      },
    });
    new Gauge({
      name: 'nodejs_heap_total_bytes',
      help: 'V8 heap reserved (as nodejs_heap_size_total_bytes).',
      registers,
      collect() {
        this.set(process.memoryUsage().heapTotal);
      },
    });
    const started = this.started;
    new Gauge({
      name: 'process_uptime_seconds',
      help: 'Seconds since this app instance started.',
      registers,
      collect() {
        this.set((Date.now() - started) / 1000);
      },
    });
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

  /** The Prometheus text exposition of this app's metrics and the process's. */
  async render(): Promise<string> {
    await this.readDatabase();
    return (await this.registry.metrics()) + (await processRegistry.metrics());
  }

  /**
   * Bookings and tickets by status and the outbox's unsent rows, as the database has them now.
   * While the database does not answer these series are left out and the rest is still served:
   * a scrape during an outage is when the process figures matter most.
   */
  private async readDatabase(): Promise<void> {
    this.bookings.reset();
    this.tickets.reset();
    this.outbox.reset();
    try {
      await this.readDatabaseCounts();
    } catch (error) {
      this.app.log.warn({ err: error }, 'metrics: the database did not answer; its series are left out');
    }
  }

  private async readDatabaseCounts(): Promise<void> {
    const { db } = this.app;
    const [bookingRows, ticketRows, [outboxRow]] = await Promise.all([
      queryRows<CountRow>(db, sql`select status, count(*) as count from bookings group by status`),
      queryRows<CountRow>(db, sql`select status, count(*) as count from tickets group by status`),
      queryRows<{ queued: string | number; failed: string | number }>(
        db,
        sql`select count(*) filter (where failed_at is null) as queued,
                   count(*) filter (where failed_at is not null) as failed
              from email_outbox where sent_at is null`,
      ),
    ]);
    setByStatus(this.bookings, bookingRows);
    setByStatus(this.tickets, ticketRows);
    this.outbox.set({ state: 'queued' }, Number(outboxRow?.queued ?? 0));
    this.outbox.set({ state: 'failed' }, Number(outboxRow?.failed ?? 0));
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
  collectProcessMetrics();
  const metrics = new Metrics(app);
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
      .type(metrics.registry.contentType)
      .header('cache-control', 'no-store')
      .send(await metrics.render());
  });
}
