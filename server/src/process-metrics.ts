import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The metrics that belong to the process rather than to one app instance: prom-client's default
 * process and Node metrics, and the counters domain code increments (domain functions are
 * module-level, so their counters are too). GET /metrics (server/src/http/metrics.ts) serves these
 * beside the app's own HTTP counters and the figures it reads from the database at scrape time.
 */
export const processRegistry = new Registry();

/** Upper bounds (seconds) of supplier call latency buckets: the house supplier answers in ms. */
const SUPPLIER_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const supplierCalls = new Counter({
  name: 'tikat_supplier_calls_total',
  help: 'Calls to a flight supplier, by supplier, operation (search, price, holdMany, issue, cancel) and outcome (ok, error).',
  labelNames: ['supplier', 'operation', 'outcome'] as const,
  registers: [processRegistry],
});

export const supplierCallSeconds = new Histogram({
  name: 'tikat_supplier_call_duration_seconds',
  help: 'Time a flight supplier took to answer, by supplier and operation.',
  labelNames: ['supplier', 'operation'] as const,
  buckets: SUPPLIER_BUCKETS,
  registers: [processRegistry],
});

export const supplierSearchAnswers = new Counter({
  name: 'tikat_supplier_search_answers_total',
  help: 'What each supplier gave a search: ok, timeout (left out after SUPPLIER_TIMEOUT_MS) or error (left out).',
  labelNames: ['supplier', 'status'] as const,
  registers: [processRegistry],
});

export const gatewayPayments = new Counter({
  name: 'tikat_gateway_payments_total',
  help:
    'Gateway payment attempts settled by a verified answer, by gateway and outcome (paid, excess, ' +
    'failed, cancelled): counted once per attempt, when its status changes.',
  labelNames: ['gateway', 'outcome'] as const,
  registers: [processRegistry],
});

let defaultMetricsCollected = false;

/** Starts prom-client's default process and Node metrics, once per process. */
export function collectProcessMetrics(): void {
  if (defaultMetricsCollected) return;
  defaultMetricsCollected = true;
  collectDefaultMetrics({ register: processRegistry });
}
