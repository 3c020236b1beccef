import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { flightSeats, seatHolds } from '../../db/schema/index';
import { loadEnv } from '../../env';
import { bearerOverHttp, bookingBody, findOffer, setSeatsLeft } from '../../test/bookings';
import { createTestDatabase, TEST_PASSWORD_HASHING } from '../../test/test-database';

/**
 * Two app instances, each with its own connection pool (as two server processes would have),
 * against one fresh PostgreSQL database: 200 clients race for the last 5 seats of a flight.
 * PGlite is one connection in one process, so the race cannot happen there: skipped.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('200 concurrent bookings for the last 5 seats, from two instances', () => {
  let first: Database & { url?: string };
  let second: Database;
  const apps: FastifyInstance[] = [];
  const origins: string[] = [];

  beforeAll(async () => {
    first = await createTestDatabase();
    second = await openDatabase({ databaseUrl: first.url, poolSize: 10 });
    const env = loadEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
      PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
      RATE_LIMIT_PER_IP: '1000',
    });
    for (const database of [first, second]) {
      const app = await buildApp({ env, database, logger: false });
      await app.listen({ port: 0, host: '127.0.0.1' });
      apps.push(app);
      origins.push(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await second?.close();
    await first?.close();
  });

  it('holds exactly 5, refuses the rest with SOLD_OUT, and seats left + held + sold = capacity', async () => {
    const token = await bearerOverHttp(origins[0] ?? '');
    const app = apps[0] as FastifyInstance;
    const offer = await findOffer({ app, database: first, close: async () => {} }, { days: 20 });
    const segment = offer.segments[0];
    if (!segment) throw new Error('no segment');
    const row = await setSeatsLeft(first.db, segment, { left: 5, capacity: 70 });

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

    const where = and(
      eq(flightSeats.scheduleId, row.scheduleId),
      eq(flightSeats.flightDate, row.flightDate),
      eq(flightSeats.classCode, row.classCode),
    );
    const [seats] = await first.db.select().from(flightSeats).where(where);
    expect(seats).toMatchObject({ capacity: 70, held: 5, sold: 65 });
    const left = (seats?.capacity ?? 0) - (seats?.held ?? 0) - (seats?.sold ?? 0);
    expect(left + (seats?.held ?? 0) + (seats?.sold ?? 0)).toBe(70);
    expect(left).toBe(0);
    const [holds] = await first.db
      .select({ seats: sql<number>`count(*)::int` })
      .from(seatHolds)
      .where(and(eq(seatHolds.offerId, offer.id), eq(seatHolds.status, 'held')));
    expect(holds?.seats).toBe(5);
  });
});
