import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/client';
import { DEMO_PASSWORD } from '../test/accounts';
import { findBookingInconsistencies, findLostBookings, type SeatRow } from '../test/booking-consistency';
import { formatOutcomes, prepareBookingLoad, runBookingLoad, type ScarceFlights } from '../test/booking-load';
import { bearerOverHttp } from '../test/bookings';
import {
  type RoundRobinProxy,
  type ServerProcess,
  startRoundRobinProxy,
  startServerProcess,
} from '../test/server-process';
import { createTestDatabase } from '../test/test-database';

/**
 * Two real app processes on one PostgreSQL database and one Redis, behind a round-robin proxy
 * (no sticky sessions): search and booking load for the last seats of several flights, sessions
 * and rate limits shared. The longer variant with three instances: `npm run load:scale-out`.
 */
const redisUrl = process.env.REDIS_URL;
const ready = Boolean(process.env.TEST_DATABASE_URL && redisUrl);
const ACCOUNT_LIMIT = 5;

describe.skipIf(!ready)(
  'two app instances behind a round-robin proxy (needs TEST_DATABASE_URL and REDIS_URL)',
  () => {
    let database: Database & { url?: string };
    let instances: ServerProcess[] = [];
    let proxy: RoundRobinProxy;
    let token: string;
    let scarce: ScarceFlights;
    let soldBefore: Map<string, SeatRow>;
    const prefix = `tikat-test-${randomBytes(4).toString('hex')}:`;

    beforeAll(async () => {
      database = await createTestDatabase();
      const env = {
        DATABASE_URL: database.url as string,
        DATABASE_POOL_SIZE: '8',
        REDIS_URL: redisUrl as string,
        REDIS_KEY_PREFIX: prefix,
        RATE_LIMIT_PER_IP: '100000',
        RATE_LIMIT_PER_ACCOUNT: String(ACCOUNT_LIMIT),
        BOOKING_JOBS_INTERVAL_SECONDS: '2',
      };
      instances = await Promise.all([startServerProcess(env), startServerProcess(env)]);
      proxy = await startRoundRobinProxy(instances.map((i) => i.origin));
      ({ token, scarce, soldBefore } = await prepareBookingLoad(database.db, {
        origin: proxy.origin,
        flights: 6,
        seatsLeft: 3,
      }));
    }, 120_000);

    afterAll(async () => {
      await proxy?.close();
      await Promise.all(instances.map((i) => i.stop()));
      await database?.close();
      const redis = new Redis(redisUrl as string);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('sells every last seat exactly once under search and booking load through both instances', async () => {
      const result = await runBookingLoad({
        origin: proxy.origin,
        token,
        bookingBodies: scarce.bookingBodies,
        searchBodies: scarce.searchBodies,
        clients: 40,
        durationMs: 12_000,
        payShare: 0.6,
      });
      const summary = `${result.requests} requests\n${formatOutcomes(result.outcomes)}`;
      console.info(`two instances, 32 clients, 12 s: ${summary}`);
      expect(result.unexpected, summary).toEqual([]);
      // Far more clients than seats: every seat put on sale was held, and not one more.
      expect(result.confirmed.size, summary).toBe(scarce.seatsOnSale);
      expect(result.outcomes['hold 409 SOLD_OUT'] ?? 0, summary).toBeGreaterThan(0);
      expect(result.outcomes['search 200'] ?? 0, summary).toBeGreaterThan(50);
      for (const [origin, count] of proxy.forwarded) expect(count, origin).toBeGreaterThan(20);

      expect(await findBookingInconsistencies(database.db, { soldBefore })).toEqual([]);
      expect(await findLostBookings(database.db, result.confirmed)).toEqual([]);
      const [tickets] = await queryRows<{ all: number; distinct: number }>(
        database.db,
        sql`select count(*)::int as all, count(distinct ticket_number)::int as distinct from tickets`,
      );
      const paidCount = [...result.confirmed.values()].filter(Boolean).length;
      expect(tickets).toEqual({ all: paidCount, distinct: paidCount });
    }, 60_000);

    it('honours a session made on one instance on the other, and ends it everywhere on log-out', async () => {
      const [first, second] = instances.map((i) => i.origin) as [string, string];
      const bearer = await bearerOverHttp(first, 'customer@sajilo.example');
      const me = (origin: string) =>
        fetch(`${origin}/api/b2b/v2/me`, { headers: { authorization: `Bearer ${bearer}` } });
      const onSecond = await me(second);
      expect(onSecond.status).toBe(200);
      expect(((await onSecond.json()) as { data: { email: string } }).data.email).toBe(
        'customer@sajilo.example',
      );
      const loggedOut = await fetch(`${second}/api/b2b/v2/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(loggedOut.status).toBe(200);
      expect((await me(first)).status).toBe(401);
    });

    it('counts log-in attempts across instances: the limit is reached at the configured count, not per instance', async () => {
      const origins = instances.map((i) => i.origin);
      const attempt = async (i: number) => {
        const response = await fetch(`${origins[i % origins.length]}/api/b2b/v2/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: 'individual@sajilo.example', password: `${DEMO_PASSWORD}-wrong` }),
        });
        return ((await response.json()) as { data: { code: string } }).data.code;
      };
      const codes: string[] = [];
      for (let i = 0; i < ACCOUNT_LIMIT + 2; i++) codes.push(await attempt(i));
      expect(codes).toEqual([
        ...Array<string>(ACCOUNT_LIMIT).fill('INVALID_CREDENTIALS'),
        'RATE_LIMITED',
        'RATE_LIMITED',
      ]);
    });
  },
);
