import { readFileSync } from 'node:fs';
import { startServerProcess } from '../server/src/test/server-process';

const built = process.argv.includes('--built');
const dir = process.argv[2] as string;
const s = await startServerProcess(
  {
    DATA_DIR: dir,
    NODE_ENV: 'production',
    SESSION_SECRET: 'bench-startup-secret-bench-startup-secret',
    PASSWORD_HASH_MEMORY_KIB: '19456',
    PASSWORD_HASH_TIME_COST: '2',
    BOOKING_JOBS_INTERVAL_SECONDS: '30',
    UPLOADS_DIR: '/tmp/i16/uploads',
  },
  { built, timeoutMs: 120000 },
);
const rss = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))?.[1]) / 1024;
const hwm = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${s.child.pid}/status`, 'utf8'))?.[1]) / 1024;
console.log(`ready in ${s.startMs.toFixed(0)} ms, rss ${rss().toFixed(0)} MB`);
const routes = [
  ['KTM', 'PKR', 'NP'],
  ['KTM', 'BWA', 'NP'],
  ['KTM', 'LHR', 'GB'],
  ['BIR', 'KTM', 'IN'],
  ['KTM', 'DEL', 'US'],
];
const today = Date.now();
for (let i = 0; i < 60; i++) {
  const [from, to, nat] = routes[i % routes.length] as string[];
  const d = new Date(today + (1 + ((i * 3) % 360)) * 86400000).toISOString().slice(0, 10);
  const r = await fetch(`${s.origin}/api/b2b/v2/flights/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ depart_code: from, dest_code: to, depart_date: d, nationality_code: nat }),
  });
  if (!r.ok) console.log(r.status, await r.text());
  else await r.arrayBuffer();
}
console.log(`after 60 searches rss ${rss().toFixed(0)} MB, peak ${hwm().toFixed(0)} MB`);
await s.stop();
