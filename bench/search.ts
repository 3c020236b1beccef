/**
 * `npm run bench:search`: the search engine on a synthetic world schedule (50,000 flights a day
 * over 3 days, ~4,000 airports, hub-skewed), 1,000 random searches with up to 2 stops, then
 * HTTP throughput of POST /flights/search on the demo data against GET /healthz (autocannon,
 * 100 connections) with the server in a child process. Prints figures; asserts nothing.
 */

import { fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { buildOffers, flightTests, type OfferContext } from '../server/src/domain/flight-engine/build-offers';
import { dateOf, todayInNepal } from '../server/src/domain/flight-engine/calendar';
import { demandSeatsLeft } from '../server/src/domain/flight-engine/demand';
import {
  findItineraries,
  type ItinerarySummary,
  MAX_STOPS,
} from '../server/src/domain/flight-engine/find-itineraries';
import { FlightNetwork } from '../server/src/domain/flight-engine/flight-network';
import { buildSyntheticWorld, seededRandom } from '../server/src/domain/flight-engine/synthetic-world';
import { minConnectionMinutes } from '../server/src/domain/suppliers/house-supplier';
import { loadEnv } from '../server/src/env';
import { seedDatabase } from '../server/src/seed/index';
import { numberOption } from './options';

const AIRPORTS = 4_000;
const FLIGHTS_PER_DAY = 50_000;
const DAYS = 3;
const SEARCHES = 1_000;
/** `npm run bench:search -- --seconds=5` shortens each autocannon run (default 10 s). */
const HTTP_SECONDS = numberOption('seconds', 10);
const CONNECTIONS = 100;
/** An engine search's p95, on a quiet machine (docs/search-engine.md#speed). */
const ENGINE_P95_TARGET_MS = 2;
/** `-- --engine-only`: skip the HTTP part (the engine figures alone, in a few seconds). */
const ENGINE_ONLY = process.argv.includes('--engine-only');
/** `-- --json`: also print one `BENCH_JSON {…}` line with the figures (read by `npm run bench`). */
const JSON_OUTPUT = process.argv.includes('--json');

const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

function benchEngine(): Record<string, number> {
  const firstDay = todayInNepal() + 1;
  const salesDay = todayInNepal();
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let started = performance.now();
  const world = buildSyntheticWorld({
    airports: AIRPORTS,
    flightsPerDay: FLIGHTS_PER_DAY,
    firstDay,
    days: DAYS,
    hubShare: 0.01,
  });
  const network = new FlightNetwork(world.legs, []);
  // Expand every day a search can touch (departure days plus two days of connections).
  for (let day = firstDay; day < firstDay + DAYS + 2; day++) network.flights('AAA', 'AAB', day);
  const buildMs = performance.now() - started;
  global.gc?.();
  const memory = process.memoryUsage();
  console.log(
    `engine world: ${AIRPORTS} airports, ${FLIGHTS_PER_DAY} flights/day × ${DAYS} days (${world.legs.length * DAYS} dated flights), ` +
      `${world.hubs.length} hubs; expanded and indexed in ${buildMs.toFixed(0)} ms`,
  );
  console.log(
    `engine memory: heap ${mb(memory.heapUsed)} (world and indexes ≈ ${mb(memory.heapUsed - heapBefore)}), rss ${mb(memory.rss)}`,
  );

  const random = seededRandom(2024);
  const pickAirport = () =>
    random() < 0.5
      ? (world.hubs[Math.floor(random() * world.hubs.length)] as string)
      : (world.airports[Math.floor(random() * world.airports.length)] as string);
  const times: number[] = [];
  let withOffers = 0;
  let offerCount = 0;
  for (let i = 0; i < SEARCHES + 50; i++) {
    const origin = pickAirport();
    let destination = pickAirport();
    while (destination === origin) destination = pickAirport();
    const day = firstDay + Math.floor(random() * DAYS);
    started = performance.now();
    const context: OfferContext = {
      supplier: 'house',
      tier: 'npr',
      passengers: { adults: 1, children: 0, infants: 0 },
      agent: false,
      grantedCommissionPercent: 0,
      cabin: '',
      notBeforeUtc: 0,
      // As the house supplier counts them on a flight with no holds or sales in Tikat: the
      // demand model's seats sold elsewhere come off.
      seatsLeft: (flight, classCode) => demandSeatsLeft(flight, classCode, salesDay),
      demandOnly: { salesDay, covers: () => true },
    };
    const summaries: ItinerarySummary[] = [];
    const itineraries = findItineraries(
      network,
      { origin, destination, day, maxStops: MAX_STOPS, ...flightTests(context), minConnectionMinutes },
      summaries,
    );
    const offers = buildOffers(itineraries, context, undefined, summaries);
    const elapsed = performance.now() - started;
    if (i < 50) continue; // warm-up
    times.push(elapsed);
    if (offers.length) withOffers++;
    offerCount += offers.length;
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(
    `engine search (${SEARCHES} random searches, up to ${MAX_STOPS} stops, one core): ` +
      `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ` +
      `(target ≤ ${ENGINE_P95_TARGET_MS} ms${p95 <= ENGINE_P95_TARGET_MS ? ': met' : ': NOT met'}), ` +
      `p99 ${percentile(times, 99).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms; ` +
      `${withOffers} searches found offers, ${(offerCount / SEARCHES).toFixed(1)} offers on average`,
  );
  const after = process.memoryUsage();
  console.log(`engine memory after searches: heap ${mb(after.heapUsed)}, rss ${mb(after.rss)}`);
  return {
    datedFlights: world.legs.length * DAYS,
    buildMs,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    heapMb: after.heapUsed / 1_048_576,
  };
}

/** Child process: the real server on the demo data, on a free port. */
async function serve(): Promise<void> {
  const env = loadEnv({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    // Every autocannon connection searches from 127.0.0.1.
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const started = performance.now();
  await seedDatabase(database.db, { demo: true, passwordHashing: { memoryCost: 1024, timeCost: 1 } });
  const seedMs = performance.now() - started;
  const again = performance.now();
  await seedDatabase(database.db, { demo: true, passwordHashing: { memoryCost: 1024, timeCost: 1 } });
  const reseedMs = performance.now() - again;
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  process.send?.({ port, seedMs, reseedMs });
}

async function benchHttp(): Promise<Record<string, Record<string, number>>> {
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const { port, seedMs, reseedMs } = await new Promise<{ port: number; seedMs: number; reseedMs: number }>(
    (resolve) =>
      child.once('message', (m) => resolve(m as { port: number; seedMs: number; reseedMs: number })),
  );
  console.log(
    `server: demo data seeded in ${seedMs.toFixed(0)} ms on PGlite (second, idempotent run ${reseedMs.toFixed(0)} ms)`,
  );
  const base = `http://127.0.0.1:${port}`;
  const tomorrow = dateOf(todayInNepal() + 1);
  const bodies = [
    { depart_code: 'KTM', dest_code: 'PKR', depart_date: tomorrow, nationality_code: 'NP' },
    { depart_code: 'KTM', dest_code: 'LHR', depart_date: tomorrow, nationality_code: 'GB' },
    {
      depart_code: 'KTM',
      dest_code: 'BIR',
      depart_date: tomorrow,
      nationality_code: 'US',
      adults: 2,
      children: 1,
    },
  ];
  try {
    const run = (options: autocannon.Options) =>
      autocannon({ connections: CONNECTIONS, duration: HTTP_SECONDS, ...options });
    await run({ url: `${base}/healthz`, duration: 2 }); // warm-up
    const health = await run({ url: `${base}/healthz` });
    await run({
      url: base,
      duration: 2,
      requests: bodies.map((b) => ({
        method: 'POST',
        path: '/api/b2b/v2/flights/search',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      })),
    });
    const search = await run({
      url: base,
      requests: bodies.map((b) => ({
        method: 'POST',
        path: '/api/b2b/v2/flights/search',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(b),
      })),
    });
    const line = (name: string, r: autocannon.Result) =>
      `${name}: ${r.requests.average.toFixed(0)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
      `${r.non2xx} non-2xx, ${r.errors} errors (${CONNECTIONS} connections, ${HTTP_SECONDS} s)`;
    console.log(line('GET /healthz', health));
    console.log(line('POST /api/b2b/v2/flights/search', search));
    // What an operator sizes with: searches a second one process answers within the latency
    // target (processes needed = peak searches a second ÷ this). /healthz is only the
    // framework's ceiling on the same machine, a reference for how busy the machine was.
    console.log(
      `search capacity: ${search.requests.average.toFixed(0)} searches/s from one process at ${CONNECTIONS} connections, ` +
        `p99 ${search.latency.p99} ms (target p99 ≤ 100 ms${search.latency.p99 <= 100 ? ': met' : ': NOT met'}); ` +
        `plan processes = peak searches/s ÷ ${search.requests.average.toFixed(0)} ` +
        `(/healthz on the same server: ${health.requests.average.toFixed(0)} req/s, the framework's ceiling, no target)`,
    );
    const figures = (r: autocannon.Result) => ({
      requestsPerSecond: r.requests.average,
      p50Ms: r.latency.p50,
      p99Ms: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    });
    return { healthz: figures(health), search: figures(search), seeding: { seedMs, reseedMs } };
  } finally {
    child.kill();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else {
  // Other processes slow every figure: the load average says how busy the machine was.
  const load = loadavg().map((l) => l.toFixed(2));
  console.log(`machine: ${cpus().length} cores, load average ${load.join(' / ')} (1 / 5 / 15 min)`);
  const engine = benchEngine();
  const http = ENGINE_ONLY ? undefined : await benchHttp();
  if (JSON_OUTPUT)
    console.log(
      `BENCH_JSON ${JSON.stringify({ engine, http, connections: CONNECTIONS, seconds: HTTP_SECONDS, loadAverage: loadavg() })}`,
    );
}
