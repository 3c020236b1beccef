/**
 * `npm run fault:postgres-restart`: the longer variant of server/src/operations/postgres-restart.test.ts.
 * On a PostgreSQL cluster of its own (Debian's binaries; never the machine's shared server), one
 * app process under a booking load while PostgreSQL is stopped (`pg_ctl stop -m immediate`) and
 * started again several times. Prints, per restart, how long the app took to answer /healthz 200
 * once PostgreSQL accepted connections (target ≤ 5 s), then checks that every booking a client
 * was told about exists and the books are consistent. Exits 1 when a check fails.
 *   -- --restarts=3 --down=5 --clients=30
 */

import { openDatabase } from '../server/src/db/client';
import { findBookingInconsistencies, findLostBookings } from '../server/src/test/booking-consistency';
import { formatOutcomes, prepareBookingLoad, runBookingLoad } from '../server/src/test/booking-load';
import { createDatabaseOn, startOwnPostgres } from '../server/src/test/own-postgres';
import { startServerProcess } from '../server/src/test/server-process';
import { numberOption } from './options';

const RESTARTS = numberOption('restarts', 3);
const DOWN_SECONDS = numberOption('down', 5);
const CLIENTS = numberOption('clients', 30);
const UP_SECONDS = 6;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cluster = await startOwnPostgres();
let failed = false;
try {
  const url = await createDatabaseOn(cluster, 'tikat');
  const app = await startServerProcess(
    {
      DATABASE_URL: url,
      RATE_LIMIT_PER_IP: '100000',
      HOLD_LIMIT_UNPAID_BOOKINGS: '1000000',
      HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '1000000',
      BOOKING_JOBS_INTERVAL_SECONDS: '1',
    },
    { timeoutMs: 180_000 },
  );
  try {
    const setup = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const { token, scarce, soldBefore } = await prepareBookingLoad(setup.db, {
      origin: app.origin,
      flights: 10,
      seatsLeft: 200,
    });
    await setup.close();

    const recoveries: number[] = [];
    const healthWhileDown = new Map<string, number>();
    const faults = async () => {
      for (let i = 0; i < RESTARTS; i++) {
        await sleep(UP_SECONDS * 1000);
        cluster.stop('immediate');
        const stoppedAt = performance.now();
        while (performance.now() - stoppedAt < DOWN_SECONDS * 1000) {
          const answer = await fetch(`${app.origin}/healthz`, { signal: AbortSignal.timeout(5_000) })
            .then(
              async (r) => `${r.status} ${((await r.json()) as { data: { code?: string } }).data.code ?? ''}`,
            )
            .catch((error: Error) => error.name);
          healthWhileDown.set(answer, (healthWhileDown.get(answer) ?? 0) + 1);
          await sleep(250);
        }
        await cluster.start();
        const backAt = performance.now();
        let recovered = Number.NaN;
        while (performance.now() - backAt < 30_000) {
          if ((await fetch(`${app.origin}/healthz`).catch(() => undefined))?.status === 200) {
            recovered = performance.now() - backAt;
            break;
          }
          await sleep(25);
        }
        recoveries.push(recovered);
        console.log(
          `restart ${i + 1}: PostgreSQL down ${DOWN_SECONDS} s; app healthy ${recovered.toFixed(0)} ms after it accepted connections`,
        );
      }
    };
    const [result] = await Promise.all([
      runBookingLoad({
        origin: app.origin,
        token,
        bookingBodies: scarce.bookingBodies,
        searchBodies: scarce.searchBodies,
        clients: CLIENTS,
        durationMs: RESTARTS * (UP_SECONDS + DOWN_SECONDS) * 1000 + UP_SECONDS * 1000,
        payShare: 0.5,
        retryOn503: true,
        requestTimeoutMs: 10_000,
      }),
      faults(),
    ]);
    console.log(`${result.requests} requests\n${formatOutcomes(result.outcomes)}`);
    console.log(
      `per second ok/503/other: ${result.timeline.map((s) => `${s.ok}/${s.unavailable}/${s.other}`).join(' ')}`,
    );
    console.log(`/healthz while PostgreSQL was down: ${JSON.stringify(Object.fromEntries(healthWhileDown))}`);

    const check = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const lost = await findLostBookings(check.db, result.confirmed);
    const problems = await findBookingInconsistencies(check.db, { soldBefore });
    await check.close();
    const checks: [string, boolean][] = [
      [`the app process is still running`, app.child.exitCode === null],
      [
        `recovered within 5 s every time (${recoveries.map((r) => r.toFixed(0)).join(', ')} ms)`,
        recoveries.every((r) => r <= 5_000),
      ],
      [
        `/healthz answered only 503 SERVICE_UNAVAILABLE while down`,
        [...healthWhileDown.keys()].every((k) => k === '503 SERVICE_UNAVAILABLE'),
      ],
      [
        `no unexpected answer: 5xx other than 503, hang, reset (${result.unexpected.length})`,
        result.unexpected.length === 0,
      ],
      [
        `every confirmed booking (${result.confirmed.size}) is there as confirmed (${lost.length} not)`,
        lost.length === 0,
      ],
      [`books consistent (${problems.length} problems)`, problems.length === 0],
    ];
    for (const [label, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
    for (const line of [...result.unexpected.slice(0, 10), ...problems, ...lost.slice(0, 10)])
      console.log(`     ${line}`);
    failed = checks.some(([, ok]) => !ok);
  } finally {
    await app.stop();
  }
} finally {
  cluster.destroy();
}
process.exit(failed ? 1 : 0);
