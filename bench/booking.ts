/**
 * `npm run bench:booking`: holds per second through POST /api/b2b/v2/bookings on PostgreSQL,
 * (1) spread over many flights and (2) all on one hot flight, with the server in a child process
 * and autocannon as the clients (a fresh Idempotency-Key per request). Each run uses a fresh
 * database on BENCH_DATABASE_URL (default TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end. Seats are set large so every request can hold. Prints figures; asserts nothing.
 * `-- --seconds=N` sets each run's duration (default 10), `-- --connections=N` (default 50),
 * `-- --instances=N` runs N server processes behind one port (node:cluster; default 1), as a
 * deployment with one instance per core would.
 */

import { fork } from 'node:child_process';
import cluster from 'node:cluster';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { openDatabase } from '../server/src/db/client';
import { dateOf, todayInNepal } from '../server/src/domain/flight-engine/calendar';
import { loadEnv } from '../server/src/env';
import { seedDatabase } from '../server/src/seed/index';
import { bearerOverHttp, bookingBody, setSeatsLeft } from '../server/src/test/bookings';
import type { FlightOffer } from '../shared/src/flights';
import { numberOption } from './options';

const SECONDS = numberOption('seconds', 10);
const CONNECTIONS = numberOption('connections', 50);
const INSTANCES = Math.max(1, numberOption('instances', 1));
const HASHING = { memoryCost: 1024, timeCost: 1 };
/** `-- --json`: also prints one `BENCH_JSON {…}` line with every run's figures (for `npm run bench`). */
const JSON_OUTPUT = process.argv.includes('--json');
const summary: Record<
  string,
  { perSecond: number; p50Ms: number; p99Ms: number; refused: number; errors: number }
> = {};
const summarise = (label: string, result: autocannon.Result) => {
  summary[label] = {
    perSecond: result['2xx'] / SECONDS,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    refused: result.non2xx,
    errors: result.errors,
  };
};

/** The server child: migrates and seeds, then serves (itself, or through INSTANCES cluster workers). */
async function serve(url: string): Promise<void> {
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  await database.migrate();
  await seedDatabase(database.db, { demo: true, passwordHashing: HASHING });
  await database.close();
  if (INSTANCES === 1) {
    // A clean exit lets `--cpu-prof` (BENCH_CPU_PROF=folder) write its profile.
    process.once('SIGTERM', () => process.exit(0));
    const port = await listen(url, 30);
    // The server's own CPU time per request is a figure a busy machine disturbs far less than rates.
    process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
    process.send?.({ port });
    return;
  }
  const workers = Array.from({ length: INSTANCES }, () => cluster.fork());
  const ports = await Promise.all(
    workers.map((worker) => new Promise<number>((resolve) => worker.once('message', (m) => resolve(m.port)))),
  );
  process.once('SIGTERM', async () => {
    await Promise.all(
      workers.map((worker) => {
        worker.process.kill('SIGTERM');
        return new Promise((resolve) => worker.once('exit', resolve));
      }),
    );
    process.exit(0);
  });
  process.on('message', async () => {
    const usages = await Promise.all(
      workers.map(
        (worker) =>
          new Promise<NodeJS.CpuUsage>((resolve) => {
            worker.once('message', (m) => resolve(m.cpu));
            worker.send('cpu');
          }),
      ),
    );
    const cpu = usages.reduce((sum, u) => ({ user: sum.user + u.user, system: sum.system + u.system }), {
      user: 0,
      system: 0,
    });
    process.send?.({ cpu });
  });
  process.send?.({ port: ports[0] });
}

/** One server instance on the benchmark's database; answers its port (shared by cluster workers). */
async function listen(url: string, poolSize: number): Promise<number> {
  const database = await openDatabase({ databaseUrl: url, poolSize });
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    PASSWORD_HASH_MEMORY_KIB: String(HASHING.memoryCost),
    PASSWORD_HASH_TIME_COST: String(HASHING.timeCost),
    // Every connection signs in once, all from 127.0.0.1.
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_PER_ACCOUNT: '10000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
    // One agent holds every seat the benchmark books.
    HOLD_LIMIT_UNPAID_BOOKINGS: '1000000',
    HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '1000000',
  });
  const app = await buildApp({ env, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

async function work(url: string): Promise<void> {
  process.once('SIGTERM', () => process.exit(0));
  const port = await listen(url, Math.ceil(30 / INSTANCES));
  process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
  process.send?.({ port });
}

/** CPU time all cores have spent busy so far (every process: server, PostgreSQL, load generator), and idle. */
function machineCpuMs(): { busy: number; idle: number } {
  let busy = 0;
  let idle = 0;
  for (const { times } of cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, idle };
}

/** "machine CPU x ms per request, y % busy" over a run that began at `before`. */
function machineCpuSince(before: { busy: number; idle: number }, requests: number): string {
  const after = machineCpuMs();
  const busy = after.busy - before.busy;
  const share = busy / Math.max(1, busy + after.idle - before.idle);
  return `machine CPU ${(busy / Math.max(1, requests)).toFixed(2)} ms per request (${(share * 100).toFixed(0)} % busy)`;
}

async function main(): Promise<void> {
  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `tikat_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const child = fork(import.meta.filename, ['--serve', url.toString(), `--instances=${INSTANCES}`], {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    stdio: 'inherit',
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number }));
      child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    });
    const origin = `http://127.0.0.1:${port}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
    const token = await bearerOverHttp(origin);
    // Each connection signs in on its own (one agent, many sessions), as many clients would:
    // concurrent requests then look up different sessions, never one shared row.
    const tokens = [token];
    while (tokens.length < CONNECTIONS) tokens.push(await bearerOverHttp(origin));
    let sent = 0;
    const nextAuthorization = () => `Bearer ${tokens[sent++ % tokens.length]}`;

    // Many flights: every direct offer on a few routes over 20 days, each with room for the run.
    const offers: FlightOffer[] = [];
    for (const [from, to] of [
      ['KTM', 'PKR'],
      ['PKR', 'KTM'],
      ['KTM', 'BWA'],
      ['KTM', 'BIR'],
    ]) {
      for (let day = 5; day < 25; day++) {
        const response = await fetch(`${origin}/api/b2b/v2/flights/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({
            depart_code: from,
            dest_code: to,
            depart_date: dateOf(todayInNepal() + day),
          }),
        });
        const legs = ((await response.json()) as { data: { legs: { offers: FlightOffer[] }[] } }).data.legs;
        offers.push(...(legs[0]?.offers ?? []).filter((o) => o.stops === 0));
      }
    }
    const seen = new Set<string>();
    for (const offer of offers) {
      const segment = offer.segments[0];
      const key = `${segment?.flight_number}|${segment?.depart_at}|${segment?.class_code}`;
      if (!segment || seen.has(key)) continue;
      seen.add(key);
      await setSeatsLeft(database.db, segment, { left: 1_000_000, capacity: 1_000_000 });
    }
    await database.close();
    const bodies = offers.map((o) => JSON.stringify(bookingBody([o])));
    console.log(
      `booking bench: ${offers.length} offers on ${seen.size} dated flights/classes, ${CONNECTIONS} connections, ` +
        `${INSTANCES} server process${INSTANCES === 1 ? '' : 'es'}, ${SECONDS} s per run`,
    );

    const serverCpuMs = () =>
      new Promise<number>((resolve) => {
        child.once('message', (m) => {
          const { cpu } = m as { cpu: NodeJS.CpuUsage };
          resolve((cpu.user + cpu.system) / 1000);
        });
        child.send('cpu');
      });
    const run = async (label: string, pick: () => string) => {
      const cpuBefore = await serverCpuMs();
      const machineBefore = machineCpuMs();
      const result = await autocannon({
        url: `${origin}/api/b2b/v2/bookings`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => ({
              ...request,
              headers: {
                'content-type': 'application/json',
                authorization: nextAuthorization(),
                'idempotency-key': randomUUID(),
              },
              body: pick(),
            }),
          },
        ],
      });
      const held = result['2xx'];
      const cpuPerRequest = (await serverCpuMs()) - cpuBefore;
      const requests = held + result.non2xx;
      console.log(
        `${label}: ${(held / SECONDS).toFixed(0)} holds/s (${held} held, ${result.non2xx} refused, ${result.errors} errors), ` +
          `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
          `server CPU ${(cpuPerRequest / Math.max(1, requests)).toFixed(2)} ms per request, ${machineCpuSince(machineBefore, requests)}`,
      );
      summarise(label, result);
    };
    const baseline = async (label: string, path: string) => {
      const cpuBefore = await serverCpuMs();
      const machineBefore = machineCpuMs();
      const result = await autocannon({
        url: `${origin}${path}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({ ...request, headers: { authorization: nextAuthorization() } }),
          },
        ],
      });
      const cpuPerRequest = ((await serverCpuMs()) - cpuBefore) / Math.max(1, result.requests.total);
      console.log(
        `${label}: ${(result['2xx'] / SECONDS).toFixed(0)} requests/s, latency p50 ${result.latency.p50} ms, ` +
          `server CPU ${cpuPerRequest.toFixed(2)} ms per request, ${machineCpuSince(machineBefore, result.requests.total)}`,
      );
      summarise(label, result);
    };
    await baseline('trivial route (GET /healthz)', '/healthz');
    await baseline('signed-in read (GET /api/b2b/v2/me)', '/api/b2b/v2/me');
    await run('many flights', () => bodies[Math.floor(Math.random() * bodies.length)] ?? '');
    const hot = bodies[0] ?? '';
    await run('one hot flight', () => hot);
    if (JSON_OUTPUT)
      console.log(
        `BENCH_JSON ${JSON.stringify({ runs: summary, connections: CONNECTIONS, instances: INSTANCES, seconds: SECONDS })}`,
      );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

if (cluster.isWorker) await work(process.argv[3] ?? '');
else if (process.argv[2] === '--serve') await serve(process.argv[3] ?? '');
else await main();
