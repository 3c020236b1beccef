/**
 * `npm run bench:startup`: cold start (process spawn → first GET /healthz 200) of the real server
 * (`server/src/main.ts`, production settings, demo data on) on a fresh PGlite folder, on that
 * folder again, and on PostgreSQL (a fresh database, then again); resident memory (RSS, from
 * /proc) when idle and after a search load over the demo year. Prints figures; asserts nothing.
 * `-- --seconds=N` sets the search load (default 10); `-- --json` adds one `BENCH_JSON` line.
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (skipped when it does not answer).
 */

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { dateOf, todayInNepal } from '../server/src/domain/flights/engine/calendar';
import { type ServerProcess, startServerProcess } from '../server/src/test/server-process';
import { numberOption } from './options';

const SECONDS = numberOption('seconds', 10);
const JSON_OUTPUT = process.argv.includes('--json');
const folder = mkdtempSync(path.join(tmpdir(), 'tikat-bench-start-'));
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-startup-secret-bench-startup-secret',
  PASSWORD_HASH_MEMORY_KIB: '19456',
  PASSWORD_HASH_TIME_COST: '2',
  BOOKING_JOBS_INTERVAL_SECONDS: '30',
  UPLOADS_DIR: path.join(folder, 'uploads'),
};

const starts: Record<string, number> = {};
const rssMb: Record<string, number> = {};

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function start(label: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(
    { ...PRODUCTION, ...env },
    { stderr: 'ignore', timeoutMs: 180_000 },
  );
  starts[label] = server.startMs;
  console.log(`start ${label}: ${server.startMs.toFixed(0)} ms from spawn to /healthz 200`);
  return server;
}

/** Search load over a year of dates and several routes (the engine expands each day it is asked). */
async function searchLoad(server: ServerProcess): Promise<autocannon.Result> {
  const routes = [
    ['KTM', 'PKR', 'NP'],
    ['KTM', 'BWA', 'NP'],
    ['KTM', 'LHR', 'GB'],
    ['BIR', 'KTM', 'IN'],
    ['KTM', 'DEL', 'US'],
  ];
  const requests = Array.from({ length: 120 }, (_, i) => {
    const [from, to, nationality] = routes[i % routes.length] as string[];
    return {
      method: 'POST' as const,
      path: '/api/b2b/v2/flights/search',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        depart_code: from,
        dest_code: to,
        depart_date: dateOf(todayInNepal() + 1 + ((i * 3) % 360)),
        nationality_code: nationality,
      }),
    };
  });
  return autocannon({ url: server.origin, connections: 20, duration: SECONDS, requests });
}

async function measureMemory(label: string, server: ServerProcess): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const idle = memoryOf(server.child.pid as number);
  const load = await searchLoad(server);
  const loaded = memoryOf(server.child.pid as number);
  rssMb[`${label}, idle after start`] = idle.rss;
  rssMb[`${label}, after ${SECONDS} s of searches over the year`] = loaded.rss;
  rssMb[`${label}, peak`] = loaded.peak;
  console.log(
    `memory ${label}: RSS idle ${idle.rss.toFixed(0)} MB; after ${load['2xx'] + load.non2xx} searches over 360 days ` +
      `(${load.requests.average.toFixed(0)} req/s, ${load.non2xx} non-2xx) ${loaded.rss.toFixed(0)} MB; peak ${loaded.peak.toFixed(0)} MB`,
  );
}

try {
  const dataDir = path.join(folder, 'pglite');
  let server = await start('PGlite, fresh folder (migrations + demo seed)', { DATA_DIR: dataDir });
  await server.stop();
  server = await start('PGlite, existing folder', { DATA_DIR: dataDir });
  await measureMemory('PGlite', server);
  await server.stop();

  const serverUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2_000 });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) console.log(`PostgreSQL at ${serverUrl} does not answer: skipped`);
  else {
    const name = `tikat_bench_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    try {
      server = await start('PostgreSQL, fresh database (migrations + demo seed)', {
        DATABASE_URL: url.toString(),
      });
      await server.stop();
      server = await start('PostgreSQL, existing database', { DATABASE_URL: url.toString() });
      await measureMemory('PostgreSQL', server);
      await server.stop();
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
if (JSON_OUTPUT) console.log(`BENCH_JSON ${JSON.stringify({ starts, rssMb })}`);
