/**
 * `npm run bench:startup`: start-up (process spawn → first GET /readyz 200) of the built server
 * (`dist/server/main.js` on plain Node, as `npm start` and the image run it; built first when
 * missing or stale; production settings, demo data on) on a fresh PGlite folder, on that folder
 * again (the warm restart), and on PostgreSQL (a fresh database, then again); resident memory
 * (RSS, from /proc) when idle, after the demo load and 60 searches over the year, and after a
 * search load. Prints figures beside their targets; asserts nothing.
 * `-- --seconds=N` sets the search load (default 10); `-- --json` adds one `BENCH_JSON` line;
 * `-- --source` starts `server/src/main.ts` through tsx instead (as before the built server).
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (skipped when it does not answer).
 */

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { staleBuildSteps } from '../scripts/build-freshness';
import { dateOf, todayInNepal } from '../server/src/domain/flight-engine/calendar';
import { type ServerProcess, startServerProcess } from '../server/src/test/server-process';
import { numberOption } from './options';

const SECONDS = numberOption('seconds', 10);
const JSON_OUTPUT = process.argv.includes('--json');
const FROM_SOURCE = process.argv.includes('--source');
const ROOT = path.resolve(import.meta.dirname, '..');
/** The targets of docs/operations.md ("Start-up and memory"). */
export const TARGETS = { warmStartMs: 1_000, firstStartMs: 15_000, rssAfterSearchesMb: 250 };
const folder = mkdtempSync(path.join(tmpdir(), 'tikat-bench-start-'));
const PRODUCTION = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'bench-startup-secret-bench-startup-secret',
  PASSWORD_HASH_MEMORY_KIB: '19456',
  PASSWORD_HASH_TIME_COST: '2',
  BOOKING_JOBS_INTERVAL_SECONDS: '30',
  UPLOADS_DIR: path.join(folder, 'uploads'),
  // As `npm start` and the image: V8's compiled code kept on disk, so restarts skip compiling.
  NODE_COMPILE_CACHE: path.join(folder, 'compile-cache'),
};

const starts: Record<string, number> = {};
/** CPU time (user + system) the server spent until ready: steadier than wall time on a busy machine. */
const startCpuMs: Record<string, number> = {};

/** User + system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const rssMb: Record<string, number> = {};

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

async function start(label: string, env: Record<string, string>): Promise<ServerProcess> {
  const server = await startServerProcess(
    { ...PRODUCTION, ...env },
    { stderr: 'ignore', timeoutMs: 180_000, built: !FROM_SOURCE },
  );
  starts[label] = server.startMs;
  startCpuMs[label] = cpuMsOf(server.child.pid as number);
  console.log(
    `start ${label}: ${server.startMs.toFixed(0)} ms from spawn to /readyz 200, ${startCpuMs[label]} ms of CPU ` +
      `(target ≤ ${TARGETS.firstStartMs} ms)`,
  );
  return server;
}

/** Three restarts on existing data (a shared machine is noisy): the median counts; the last keeps running. */
async function restart(label: string, env: Record<string, string>): Promise<ServerProcess> {
  const times: number[] = [];
  const cpu: number[] = [];
  let server: ServerProcess | undefined;
  for (let i = 0; i < 3; i++) {
    await server?.stop();
    server = await startServerProcess(
      { ...PRODUCTION, ...env },
      { stderr: 'ignore', timeoutMs: 180_000, built: !FROM_SOURCE },
    );
    times.push(server.startMs);
    cpu.push(cpuMsOf(server.child.pid as number));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[1] as number;
  starts[label] = median(times);
  startCpuMs[label] = median(cpu);
  console.log(
    `start ${label}: ${starts[label].toFixed(0)} ms from spawn to /readyz 200, ${startCpuMs[label]} ms of CPU ` +
      `(medians of ${times.map((t) => t.toFixed(0)).join(', ')} ms and ${cpu.join(', ')} ms; target ≤ ${TARGETS.warmStartMs} ms)`,
  );
  return server as ServerProcess;
}

const SEARCH_ROUTES = [
  ['KTM', 'PKR', 'NP'],
  ['KTM', 'BWA', 'NP'],
  ['KTM', 'LHR', 'GB'],
  ['BIR', 'KTM', 'IN'],
  ['KTM', 'DEL', 'US'],
];

/** The i-th search of the load: several routes, over a year of dates. */
function searchBody(i: number): string {
  const [from, to, nationality] = SEARCH_ROUTES[i % SEARCH_ROUTES.length] as string[];
  return JSON.stringify({
    depart_code: from,
    dest_code: to,
    depart_date: dateOf(todayInNepal() + 1 + ((i * 3) % 360)),
    nationality_code: nationality,
  });
}

/** 60 searches one after another, as a few visitors would: the memory target's workload. */
async function sixtySearches(server: ServerProcess): Promise<void> {
  for (let i = 0; i < 60; i++) {
    const answer = await fetch(`${server.origin}/api/b2b/v2/flights/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: searchBody(i),
    });
    if (!answer.ok) throw new Error(`search ${i} answered ${answer.status}`);
    await answer.arrayBuffer();
  }
}

/** Search load over a year of dates and several routes (the engine expands each day it is asked). */
async function searchLoad(server: ServerProcess): Promise<autocannon.Result> {
  const requests = Array.from({ length: 120 }, (_, i) => ({
    method: 'POST' as const,
    path: '/api/b2b/v2/flights/search',
    headers: { 'content-type': 'application/json' },
    body: searchBody(i),
  }));
  return autocannon({ url: server.origin, connections: 20, duration: SECONDS, requests });
}

async function measureMemory(label: string, server: ServerProcess): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const pid = server.child.pid as number;
  const idle = memoryOf(pid);
  await sixtySearches(server);
  const searched = memoryOf(pid);
  const load = await searchLoad(server);
  const loaded = memoryOf(pid);
  rssMb[`${label}, idle after start`] = idle.rss;
  rssMb[`${label}, after 60 searches`] = searched.rss;
  rssMb[`${label}, after ${SECONDS} s of searches over the year`] = loaded.rss;
  rssMb[`${label}, peak`] = loaded.peak;
  console.log(
    `memory ${label}: RSS idle ${idle.rss.toFixed(0)} MB; after 60 searches ${searched.rss.toFixed(0)} MB ` +
      `(target ≤ ${TARGETS.rssAfterSearchesMb} MB); after ${load['2xx'] + load.non2xx} more over 360 days ` +
      `(${load.requests.average.toFixed(0)} req/s, ${load.non2xx} non-2xx) ${loaded.rss.toFixed(0)} MB; peak ${loaded.peak.toFixed(0)} MB`,
  );
}

if (!FROM_SOURCE) {
  for (const step of staleBuildSteps(ROOT)) {
    console.log(`building: npm run ${step.script}`);
    const built = spawnSync('npm', ['run', '--silent', step.script], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`npm run ${step.script} failed`);
  }
}

try {
  const dataDir = path.join(folder, 'pglite');
  let server = await start('PGlite, fresh folder (migrations + demo seed)', { DATA_DIR: dataDir });
  await server.stop();
  server = await restart('PGlite, existing folder', { DATA_DIR: dataDir });
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
      server = await restart('PostgreSQL, existing database', { DATABASE_URL: url.toString() });
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
if (JSON_OUTPUT) console.log(`BENCH_JSON ${JSON.stringify({ starts, startCpuMs, rssMb, targets: TARGETS })}`);
