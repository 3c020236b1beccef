/**
 * `npm run bench:suppliers`: what an outside supplier costs a search, in process over PGlite
 * (Fastify `inject`) against the local Duffel stand-in answering after `--delay` ms (default
 * 1500). Prints p50 / p95 of KTM→DOH searches: the house inventory alone (Duffel off), with
 * Duffel answering within the timeout, and with Duffel slower than a shorter timeout (the answer
 * is bounded by SUPPLIER_TIMEOUT_MS). Asserts nothing. `-- --searches=N` per case (default 10).
 * Then as the results page asks with Duffel configured: the house inventory alone
 * (`suppliers: ["house"]`) and the full search sent together, timed each (the targets: the house
 * offers within 150 ms p95, the full answer within the timeout; docs/suppliers.md#search).
 */

import { performance } from 'node:perf_hooks';
import { dateOf, todayInNepal } from '../server/src/domain/flight-engine/calendar';
import { startDuffelSandbox } from '../server/src/suppliers/duffel-sandbox/duffel-sandbox';
import { api } from '../server/src/test/accounts';
import { createTestApp } from '../server/src/test/test-app';
import { numberOption } from './options';

const SEARCHES = numberOption('searches', 10);
const DELAY_MS = numberOption('delay', 1500);
const json = process.argv.includes('--json');

const sandbox = await startDuffelSandbox();
sandbox.faults.delayMs = DELAY_MS;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

async function measure(label: string, env: Record<string, string>) {
  const t = await createTestApp(env);
  try {
    const times: number[] = [];
    const statuses = new Set<string>();
    for (let i = 0; i < SEARCHES + 2; i++) {
      const started = performance.now();
      const response = await api(t, {
        method: 'POST',
        url: '/flights/search',
        payload: { depart_code: 'KTM', dest_code: 'DOH', depart_date: dateOf(todayInNepal() + 20 + (i % 5)) },
      });
      const ms = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
      for (const s of response.json().data.suppliers as { id: string; status: string }[])
        statuses.add(`${s.id} ${s.status}`);
      if (i >= 2) times.push(ms);
    }
    times.sort((a, b) => a - b);
    const figures = { p50Ms: percentile(times, 50), p95Ms: percentile(times, 95), suppliers: [...statuses] };
    console.log(
      `${label.padEnd(52)} p50 ${figures.p50Ms.toFixed(0).padStart(5)} ms  p95 ${figures.p95Ms.toFixed(0).padStart(5)} ms  (${figures.suppliers.join(', ')})`,
    );
    return figures;
  } finally {
    await t.close();
  }
}

/** The web's two searches sent at once: when the house offers arrive, and when the full answer does. */
async function measureHouseFirst(timeoutMs: number) {
  const t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: 'duffel_test_bench',
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: String(timeoutMs),
  });
  try {
    const house: number[] = [];
    const full: number[] = [];
    for (let i = 0; i < SEARCHES + 2; i++) {
      const payload = {
        depart_code: 'KTM',
        dest_code: 'DOH',
        depart_date: dateOf(todayInNepal() + 20 + (i % 5)),
      };
      const started = performance.now();
      const timed = async (body: Record<string, unknown>) => {
        const response = await api(t, { method: 'POST', url: '/flights/search', payload: body });
        if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
        return performance.now() - started;
      };
      const [houseMs, fullMs] = await Promise.all([
        timed({ ...payload, suppliers: ['house'] }),
        timed(payload),
      ]);
      if (i >= 2) {
        house.push(houseMs);
        full.push(fullMs);
      }
    }
    house.sort((a, b) => a - b);
    full.sort((a, b) => a - b);
    const figures = {
      houseP50Ms: percentile(house, 50),
      houseP95Ms: percentile(house, 95),
      fullP50Ms: percentile(full, 50),
      fullP95Ms: percentile(full, 95),
      timeoutMs,
    };
    console.log(
      `${'web, house offers first (both searches at once)'.padEnd(52)} p50 ${figures.houseP50Ms.toFixed(0).padStart(5)} ms  p95 ${figures.houseP95Ms.toFixed(0).padStart(5)} ms  (target p95 ≤ 150 ms${figures.houseP95Ms <= 150 ? ': met' : ': NOT met'})`,
    );
    console.log(
      `${'web, the full answer after them'.padEnd(52)} p50 ${figures.fullP50Ms.toFixed(0).padStart(5)} ms  p95 ${figures.fullP95Ms.toFixed(0).padStart(5)} ms  (within the ${timeoutMs} ms timeout${figures.fullP95Ms <= timeoutMs ? ': met' : ': NOT met'})`,
    );
    return figures;
  } finally {
    await t.close();
  }
}

try {
  const houseOnly = await measure('house inventory alone (Duffel off)', {});
  const withinTimeout = await measure(`with Duffel answering after ${DELAY_MS} ms (timeout 8000)`, {
    DUFFEL_ACCESS_TOKEN: 'duffel_test_bench',
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: '8000',
  });
  const pastTimeout = await measure(`with Duffel slower than the timeout (timeout 1000)`, {
    DUFFEL_ACCESS_TOKEN: 'duffel_test_bench',
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: '1000',
  });
  const houseFirst = await measureHouseFirst(8000);
  if (json)
    console.log(
      `BENCH_JSON ${JSON.stringify({ delayMs: DELAY_MS, houseOnly, withinTimeout, pastTimeout, houseFirst })}`,
    );
} finally {
  await sandbox.close();
}
