import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { findBookingInconsistencies, findLostBookings, type SeatRow } from '../test/booking-consistency';
import { formatOutcomes, prepareBookingLoad, runBookingLoad, type ScarceFlights } from '../test/booking-load';
import {
  canRunOwnPostgres,
  createDatabaseOn,
  type OwnPostgres,
  startOwnPostgres,
} from '../test/own-postgres';
import { type ServerProcess, startRoundRobinProxy, startServerProcess } from '../test/server-process';

/**
 * Faults under a booking load, on a PostgreSQL cluster of the test's own (never the machine's
 * shared server): the database crashes and comes back; an app instance is killed. Runs in the
 * PostgreSQL run of the suite (TEST_DATABASE_URL set) when Debian's PostgreSQL binaries are
 * installed. Longer variant: `npm run fault:postgres-restart`.
 */
const ready = Boolean(process.env.TEST_DATABASE_URL) && canRunOwnPostgres();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function readiness(origin: string): Promise<{ status: number; code?: string }> {
  try {
    const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(5_000) });
    const json = (await response.json()) as { data: { code?: string } };
    return { status: response.status, ...(json.data.code ? { code: json.data.code } : {}) };
  } catch (error) {
    return { status: 0, code: (error as Error).name };
  }
}

describe.skipIf(!ready)(
  'faults during a booking load (own PostgreSQL cluster; needs TEST_DATABASE_URL and /usr/lib/postgresql)',
  () => {
    let cluster: OwnPostgres;
    let url: string;
    let app: ServerProcess;
    let token: string;
    let scarce: ScarceFlights;
    let soldBefore: Map<string, SeatRow>;
    const env = () => ({
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: '8',
      RATE_LIMIT_PER_IP: '100000',
      BOOKING_JOBS_INTERVAL_SECONDS: '1',
    });
    const withDatabase = async <T>(work: (database: Database) => Promise<T>): Promise<T> => {
      const database = await openDatabase({ databaseUrl: url, poolSize: 2 });
      try {
        return await work(database);
      } finally {
        await database.close();
      }
    };

    beforeAll(async () => {
      cluster = await startOwnPostgres();
      url = await createDatabaseOn(cluster, 'tikat');
      app = await startServerProcess(env());
      await withDatabase(async (database) => {
        ({ token, scarce, soldBefore } = await prepareBookingLoad(database.db, {
          origin: app.origin,
          flights: 6,
          // Enough that the first test's load (holds are fast now) leaves seats for the second.
          seatsLeft: 400,
        }));
      });
    }, 120_000);

    afterAll(async () => {
      await app?.stop();
      cluster?.destroy();
    });

    it('answers 503 while PostgreSQL is down, recovers by itself, loses no confirmed booking and sells no seat twice', async () => {
      const healthDuringOutage: string[] = [];
      let recoveryMs = Number.NaN;
      let outageMs = 0;
      const fault = async () => {
        await sleep(3_000);
        const stoppedAt = performance.now();
        cluster.stop('immediate');
        await sleep(500);
        while (performance.now() - stoppedAt < 3_000) {
          const health = await readiness(app.origin);
          healthDuringOutage.push(`${health.status} ${health.code ?? ''}`.trim());
          await sleep(250);
        }
        await cluster.start();
        const backAt = performance.now();
        outageMs = backAt - stoppedAt;
        while (performance.now() - backAt < 30_000) {
          if ((await readiness(app.origin)).status === 200) {
            recoveryMs = performance.now() - backAt;
            break;
          }
          await sleep(50);
        }
      };
      const [result] = await Promise.all([
        runBookingLoad({
          origin: app.origin,
          token,
          bookingBodies: scarce.bookingBodies,
          searchBodies: scarce.searchBodies,
          clients: 16,
          durationMs: 12_000,
          payShare: 0.5,
          retryOn503: true,
          requestTimeoutMs: 10_000,
        }),
        fault(),
      ]);
      const timeline = result.timeline.map((s) => `${s.ok}/${s.unavailable}/${s.other}`).join(' ');
      const summary = `${result.requests} requests\n${formatOutcomes(result.outcomes)}\nper second ok/503/other: ${timeline}`;
      console.info(
        `PostgreSQL down ${(outageMs / 1000).toFixed(1)} s; app healthy ${recoveryMs.toFixed(0)} ms after it accepted connections again\n${summary}`,
      );

      expect(app.child.exitCode, 'the app process crashed').toBeNull();
      expect(healthDuringOutage.length).toBeGreaterThan(0);
      expect(new Set(healthDuringOutage)).toEqual(new Set(['503 SERVICE_UNAVAILABLE']));
      expect(recoveryMs, 'the app did not recover within 30 s').not.toBeNaN();
      expect(result.unexpected, summary).toEqual([]);
      expect(result.outcomes['hold 503 SERVICE_UNAVAILABLE'] ?? 0, summary).toBeGreaterThan(0);
      // Bookings went through again after the restart.
      expect(
        result.timeline.slice(-3).some((s) => s.ok > 0),
        summary,
      ).toBe(true);

      await withDatabase(async (database) => {
        expect(await findLostBookings(database.db, result.confirmed)).toEqual([]);
        expect(await findBookingInconsistencies(database.db, { soldBefore })).toEqual([]);
      });
    }, 60_000);

    it('leaves no half-made booking when an app instance is killed mid-load', async () => {
      const victim = await startServerProcess(env());
      const proxy = await startRoundRobinProxy([app.origin, victim.origin]);
      try {
        const kill = async () => {
          await sleep(3_000);
          victim.child.kill('SIGKILL');
        };
        const [result] = await Promise.all([
          runBookingLoad({
            origin: proxy.origin,
            token,
            bookingBodies: scarce.bookingBodies,
            searchBodies: scarce.searchBodies,
            clients: 16,
            durationMs: 7_000,
            payShare: 0.5,
          }),
          kill(),
        ]);
        const summary = `${result.requests} requests\n${formatOutcomes(result.outcomes)}`;
        console.info(`one of two instances killed after 3 s:\n${summary}`);
        // Requests cut off with the killed instance are the proxy's 502; nothing else went wrong.
        expect(
          result.unexpected.filter((line) => !/^(search|hold|pay) 502\b/.test(line)),
          summary,
        ).toEqual([]);
        expect(proxy.forwarded.get(victim.origin) ?? 0).toBeGreaterThan(0);
        expect(result.confirmed.size).toBeGreaterThan(0);
        await withDatabase(async (database) => {
          expect(await findBookingInconsistencies(database.db, { soldBefore })).toEqual([]);
          // A payment cut off with the killed instance may have gone through.
          expect(await findLostBookings(database.db, result.confirmed, { paymentsCutOff: true })).toEqual([]);
        });
      } finally {
        await proxy.close();
        await victim.stop();
      }
    }, 60_000);
  },
);
