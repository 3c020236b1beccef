import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { Database } from '../../../db/client';
import { flightSeats, seatHolds } from '../../../db/schema/index';
import { loadEnv } from '../../../env';
import { bearerOverHttp, bookingBody, findOffer, setSeatsLeft } from '../../../test/bookings';
import { RELAXED_HOLD_LIMITS } from '../../../test/test-app';
import { createTestDatabase, TEST_PASSWORD_HASHING } from '../../../test/test-database';

/**
 * Two server processes (`server/src/main.ts`, each with its own connection pool) on one fresh
 * PostgreSQL database: 200 clients race for the last 5 seats of a flight. An in-process app
 * only sets the scene. PGlite is one connection in one process, so the race cannot happen there.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const ROOT = path.resolve(import.meta.dirname, '../../../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function startServerProcess(databaseUrl: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
      PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
      RATE_LIMIT_PER_IP: '1000',
      ...RELAXED_HOLD_LIMITS,
      BOOKING_JOBS_INTERVAL_SECONDS: '0',
    },
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const healthy = await fetch(`${origin}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) return { origin, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('server process did not become healthy');
}

describe.skipIf(!onPostgres)(
  '200 concurrent bookings for the last 5 seats, from two server processes',
  () => {
    let first: Database & { url?: string };
    let setup: FastifyInstance;
    const servers: { origin: string; child: ChildProcess }[] = [];
    const origins: string[] = [];

    beforeAll(async () => {
      first = await createTestDatabase();
      const env = loadEnv({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
        PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
      });
      setup = await buildApp({ env, database: first, logger: false });
      const url = first.url as string;
      servers.push(...(await Promise.all([startServerProcess(url), startServerProcess(url)])));
      origins.push(...servers.map((s) => s.origin));
    }, 120_000);
    afterAll(async () => {
      await Promise.all(
        servers.map(
          ({ child }) =>
            new Promise((resolve) => {
              child.once('exit', resolve);
              child.kill('SIGTERM');
            }),
        ),
      );
      await setup?.close();
      await first?.close();
    });

    it('holds exactly 5, refuses the rest with SOLD_OUT, and seats left + held + sold = capacity', async () => {
      const token = await bearerOverHttp(origins[0] ?? '');
      const offer = await findOffer({ app: setup, database: first, close: async () => {} }, { days: 20 });
      const segment = offer.segments[0];
      if (!segment) throw new Error('no segment');
      const row = await setSeatsLeft(first.db, segment, { left: 5, capacity: 70 });
      const where = and(
        eq(flightSeats.scheduleId, row.scheduleId),
        eq(flightSeats.flightDate, row.flightDate),
        eq(flightSeats.classCode, row.classCode),
      );
      const [before] = await first.db.select().from(flightSeats).where(where);
      if (!before) throw new Error('no seat row');
      // Seats the demand model sold through other channels: neither Tikat's holds nor its sales.
      const elsewhere = before.capacity - before.held - before.sold - 5;

      const body = JSON.stringify(bookingBody([offer]));
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const response = await fetch(`${origins[i % 2]}/api/b2b/v2/bookings`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${token}`,
              'idempotency-key': randomUUID(),
            },
            body,
          });
          const json = (await response.json()) as { data: { code?: string } };
          return response.status === 200 ? 'held' : (json.data.code ?? String(response.status));
        }),
      );
      const counts: Record<string, number> = {};
      for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
      expect(counts).toEqual({ held: 5, SOLD_OUT: 195 });

      const [seats] = await first.db.select().from(flightSeats).where(where);
      expect(seats).toMatchObject({ capacity: before.capacity, held: 5, sold: before.sold });
      const left = (seats?.capacity ?? 0) - (seats?.held ?? 0) - (seats?.sold ?? 0) - elsewhere;
      expect(left + (seats?.held ?? 0) + (seats?.sold ?? 0) + elsewhere).toBe(before.capacity);
      expect(left).toBe(0);
      const [holds] = await first.db
        .select({ seats: sql<number>`count(*)::int` })
        .from(seatHolds)
        .where(and(eq(seatHolds.offerId, offer.id), eq(seatHolds.status, 'held')));
      expect(holds?.seats).toBe(5);
    });
  },
);
