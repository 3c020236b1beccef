/**
 * `npm run bench`: every benchmark, one table at the end. Each script runs as a child process
 * with `--json` and its own output streams through (indented); the table is built from the
 * `BENCH_JSON {…}` line each prints. Every HTTP figure is set beside GET /healthz of the same
 * server measured in the same run, so the ratio means something on a busy machine.
 *
 *   npm run bench                              all: search, booking, startup, web
 *   npm run bench -- --skip=web,startup        leave some out
 *   npm run bench -- --seconds=5               shorter HTTP runs (default 10 s each)
 *
 * booking needs PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432);
 * startup measures PostgreSQL only when one of those is set or reachable; web needs Chromium.
 */

import { spawn } from 'node:child_process';
import path from 'node:path';
import { optionOf } from './options';

const ROOT = path.resolve(import.meta.dirname, '..');
const skip = new Set((optionOf('skip') ?? '').split(',').filter(Boolean));
const seconds = optionOf('seconds') ?? '10';

type Json = Record<string, unknown>;

function runScript(name: string, command: string, args: string[]): Promise<Json | string> {
  return new Promise((resolve) => {
    console.log(`\n── ${name}: ${[command, ...args].join(' ')}`);
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let json: Json | undefined;
    let tail = '';
    const forward = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        if (line.startsWith('BENCH_JSON ')) json = JSON.parse(line.slice('BENCH_JSON '.length)) as Json;
        else {
          console.log(`   ${line}`);
          tail = line;
        }
      }
    };
    child.stdout.on('data', forward);
    child.stderr.on('data', forward);
    child.on('exit', (code) =>
      resolve(json ?? (code === 0 ? 'done' : `failed (exit ${code}): ${tail.slice(0, 80)}`)),
    );
  });
}

const tsx = (script: string, ...args: string[]): [string, string[]] => [
  process.execPath,
  ['--import', 'tsx', `bench/${script}`, '--json', ...args],
];

interface Row {
  benchmark: string;
  figure: string;
  value: string;
  healthz?: string;
  ratio?: string;
  target?: string;
}
const rows: Row[] = [];
const num = (value: unknown, digits = 0) => (typeof value === 'number' ? value.toFixed(digits) : '?');
const get = (json: Json, ...keys: string[]): unknown =>
  keys.reduce<unknown>((at, key) => (at as Json | undefined)?.[key], json);

if (!skip.has('search')) {
  const result = await runScript('search', ...tsx('search.ts', `--seconds=${seconds}`));
  if (typeof result === 'string') rows.push({ benchmark: 'search', figure: 'all', value: result });
  else {
    rows.push(
      {
        benchmark: 'search engine',
        figure: `search p50 / p95 / p99 (${num(get(result, 'engine', 'datedFlights'))} dated flights, one core)`,
        value: `${num(get(result, 'engine', 'p50Ms'), 2)} / ${num(get(result, 'engine', 'p95Ms'), 2)} / ${num(get(result, 'engine', 'p99Ms'), 2)} ms`,
        target: 'p95 ≤ 2 ms',
      },
      {
        benchmark: 'search engine',
        figure: 'world expanded and indexed; heap',
        value: `${num(get(result, 'engine', 'buildMs'))} ms; ${num(get(result, 'engine', 'heapMb'))} MB`,
      },
    );
    const health = get(result, 'http', 'healthz') as Json;
    const search = get(result, 'http', 'search') as Json;
    const ratio = (search.requestsPerSecond as number) / (health.requestsPerSecond as number);
    rows.push(
      {
        benchmark: 'HTTP search (PGlite)',
        figure: `POST /flights/search req/s, one process (${num(result.connections)} connections)`,
        value: num(search.requestsPerSecond),
        healthz: num(health.requestsPerSecond),
        ratio: ratio.toFixed(2),
        // A sizing figure: processes = peak searches a second ÷ this (at the p99 below).
        target: 'capacity (no target)',
      },
      {
        benchmark: 'HTTP search (PGlite)',
        figure: 'latency p50 / p99',
        value: `${num(search.p50Ms)} / ${num(search.p99Ms)} ms`,
        healthz: `${num(health.p50Ms)} / ${num(health.p99Ms)} ms`,
        target: 'p99 ≤ 100 ms',
      },
    );
  }
}

if (!skip.has('booking')) {
  const result = await runScript('booking', ...tsx('booking.ts', `--seconds=${seconds}`));
  if (typeof result === 'string') rows.push({ benchmark: 'booking holds', figure: 'all', value: result });
  else {
    const health = get(result, 'runs', 'trivial route (GET /healthz)') as Json;
    for (const [label, target] of [
      ['many flights', '≥ 1,000/s'],
      ['one hot flight', '≥ 300/s'],
    ] as const) {
      const run = get(result, 'runs', label) as Json | undefined;
      if (!run) continue;
      rows.push({
        benchmark: 'booking holds (PostgreSQL)',
        figure: `${label}: holds/s, p99 (${num(result.connections)} connections)`,
        value: `${num(run.perSecond)}/s, ${num(run.p99Ms)} ms`,
        healthz: `${num(health.perSecond)}/s, ${num(health.p99Ms)} ms`,
        ratio: ((run.perSecond as number) / (health.perSecond as number)).toFixed(2),
        target,
      });
    }
  }
}

if (!skip.has('suppliers')) {
  const result = await runScript('suppliers', ...tsx('suppliers.ts'));
  if (typeof result === 'string') rows.push({ benchmark: 'outside suppliers', figure: 'all', value: result });
  else {
    for (const [key, label, target] of [
      ['houseOnly', 'house inventory alone', 'p95 ≤ 150 ms (first answer)'],
      ['withinTimeout', `Duffel answering after ${num(result.delayMs)} ms`, 'full answer ≤ timeout'],
      ['pastTimeout', 'Duffel past a 1,000 ms timeout', '≤ 1,000 ms + house'],
    ] as const) {
      rows.push({
        benchmark: 'search with suppliers (PGlite)',
        figure: `${label}: p50 / p95`,
        value: `${num(get(result, key, 'p50Ms'))} / ${num(get(result, key, 'p95Ms'))} ms`,
        target,
      });
    }
  }
}

if (!skip.has('startup')) {
  const result = await runScript('startup', ...tsx('startup.ts'));
  if (typeof result === 'string') rows.push({ benchmark: 'start-up', figure: 'all', value: result });
  else {
    for (const [key, start] of Object.entries((result.starts as Json) ?? {})) {
      rows.push({
        benchmark: 'start-up (built server)',
        figure: `spawn → /readyz 200 (its CPU time), ${key}`,
        value: `${num(start)} ms (${num(get(result, 'startCpuMs', key))} ms)`,
        target: key.includes('existing') ? '≤ 1,000 ms (limit 3,000)' : '≤ 15,000 ms',
      });
    }
    for (const [key, rss] of Object.entries((result.rssMb as Json) ?? {})) {
      rows.push({
        benchmark: 'memory (RSS)',
        figure: key,
        value: `${num(rss)} MB`,
        ...(key.endsWith('after 60 searches') ? { target: '≤ 250 MB (stretch 200)' } : {}),
      });
    }
  }
}

if (!skip.has('web')) {
  const built = await runScript('web build', 'npm', ['run', '--silent', 'build:web']);
  const result =
    typeof built === 'string' && built.startsWith('failed')
      ? built
      : await runScript('web', ...tsx('web.ts'));
  if (typeof result === 'string') rows.push({ benchmark: 'web (Lighthouse)', figure: 'all', value: result });
  else {
    for (const [page, scores] of Object.entries((result.pages as Record<string, Json>) ?? {})) {
      rows.push({
        benchmark: 'web (Lighthouse mobile)',
        figure: `${page}: performance / accessibility / best practices / SEO`,
        value: ['performance', 'accessibility', 'best-practices', 'seo']
          .map((k) => num(scores[k]))
          .join(' / '),
      });
    }
  }
}

const columns: [keyof Row, string][] = [
  ['benchmark', 'benchmark'],
  ['figure', 'figure'],
  ['value', 'value'],
  ['healthz', 'GET /healthz, same run'],
  ['ratio', 'ratio'],
  ['target', 'target'],
];
const widths = columns.map(([key, title]) =>
  Math.max(title.length, ...rows.map((r) => (r[key] ?? '').length)),
);
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
console.log(`\nTikat benchmarks, ${new Date().toISOString()}, ${seconds} s per HTTP run\n`);
console.log(line(columns.map(([, title]) => title)));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(columns.map(([key]) => row[key] ?? '')));
