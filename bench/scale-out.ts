/**
 * `npm run load:scale-out`: the longer variant of server/src/operations/two-instances.test.ts.
 * N app processes (default 3) on one fresh PostgreSQL database and one Redis, behind the
 * round-robin proxy; many clients search, hold the last seats of several flights and pay by
 * wallet; then the books are checked (no seat sold twice, no duplicate ticket, nothing
 * half-made). Prints figures and the checks; exits 1 when a check fails.
 *   -- --instances=3 --clients=60 --seconds=60 --flights=20 --seats=10
 * All clients pay from one agent's wallet: every payment waits for that wallet's row lock (the
 * worst case for payments).
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else 127.0.0.1:5432; Redis: REDIS_URL,
 * else redis://127.0.0.1:6379.
 */

import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { findBookingInconsistencies, findLostBookings } from '../server/src/test/booking-consistency';
import { formatOutcomes, prepareBookingLoad, runBookingLoad } from '../server/src/test/booking-load';
import { startRoundRobinProxy, startServerProcess } from '../server/src/test/server-process';
import { createTestDatabase } from '../server/src/test/test-database';
import { numberOption } from './options';

const INSTANCES = numberOption('instances', 3);
const CLIENTS = numberOption('clients', 60);
const SECONDS = numberOption('seconds', 60);
const FLIGHTS = numberOption('flights', 20);
const SEATS = numberOption('seats', 10);

process.env.TEST_DATABASE_URL ??=
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tikat-load-${randomBytes(4).toString('hex')}:`;
const database = await createTestDatabase();
const env = {
  DATABASE_URL: database.url as string,
  DATABASE_POOL_SIZE: '10',
  REDIS_URL: redisUrl,
  REDIS_KEY_PREFIX: prefix,
  RATE_LIMIT_PER_IP: '100000',
  HOLD_LIMIT_UNPAID_BOOKINGS: '1000000',
  HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '1000000',
  BOOKING_JOBS_INTERVAL_SECONDS: '5',
};
const instances = await Promise.all(Array.from({ length: INSTANCES }, () => startServerProcess(env)));
const proxy = await startRoundRobinProxy(instances.map((i) => i.origin));
let failed = false;
try {
  const { token, scarce, soldBefore } = await prepareBookingLoad(database.db, {
    origin: proxy.origin,
    flights: FLIGHTS,
    seatsLeft: SEATS,
  });
  console.log(
    `${INSTANCES} instances behind a round-robin proxy, ${CLIENTS} clients for ${SECONDS} s, ` +
      `${FLIGHTS} flights with ${SEATS} seats left each (${scarce.seatsOnSale} seats)`,
  );
  const started = performance.now();
  const result = await runBookingLoad({
    origin: proxy.origin,
    token,
    bookingBodies: scarce.bookingBodies,
    searchBodies: scarce.searchBodies,
    clients: CLIENTS,
    durationMs: SECONDS * 1000,
    payShare: 0.6,
    retryOn503: true,
    requestTimeoutMs: 30_000,
  });
  const elapsed = (performance.now() - started) / 1000;
  console.log(
    `${result.requests} requests in ${elapsed.toFixed(1)} s (${(result.requests / elapsed).toFixed(0)}/s)`,
  );
  console.log(formatOutcomes(result.outcomes));
  console.log(`per instance: ${[...proxy.forwarded.values()].join(', ')} requests`);

  const problems = await findBookingInconsistencies(database.db, { soldBefore });
  const counts = (await database.db.execute(
    sql`select (select count(*)::int from bookings) as bookings,
               (select count(*)::int from tickets) as tickets,
               (select count(distinct ticket_number)::int from tickets) as distinct_tickets`,
  )) as unknown as { rows: { bookings: number; tickets: number; distinct_tickets: number }[] };
  const books = counts.rows[0] ?? { bookings: -1, tickets: -1, distinct_tickets: -2 };
  const missing = await findLostBookings(database.db, result.confirmed, { paymentsCutOff: true });
  const hangs = result.unexpected.filter((line) => line.includes('hang')).length;
  const unavailable = Object.entries(result.outcomes)
    .filter(([outcome]) => outcome.includes('503'))
    .reduce((sum, [, count]) => sum + count, 0);
  console.log(`answered 503 (retried with the same key): ${unavailable}; gave up after 30 s: ${hangs}`);
  const checks: [string, boolean][] = [
    [
      `no 5xx other than 503 and no reset (${result.unexpected.length - hangs})`,
      result.unexpected.length === hangs,
    ],
    [`no request left unanswered for 30 s (${hangs})`, hangs === 0],
    [
      `bookings ${books.bookings} = seats on sale ${scarce.seatsOnSale} (none oversold, none left)`,
      books.bookings === scarce.seatsOnSale,
    ],
    [`every booking a client was told about is there as told (${missing.length} not)`, missing.length === 0],
    [
      `tickets ${books.tickets}, distinct numbers ${books.distinct_tickets}`,
      books.tickets === books.distinct_tickets,
    ],
    [`books consistent (${problems.length} problems)`, problems.length === 0],
  ];
  for (const [label, ok] of checks) console.log(`${ok ? 'ok  ' : 'FAIL'} ${label}`);
  for (const line of [...result.unexpected.filter((l) => !l.includes('503')).slice(0, 10), ...problems])
    console.log(`     ${line}`);
  failed = checks.some(([, ok]) => !ok);
} finally {
  await proxy.close();
  await Promise.all(instances.map((i) => i.stop()));
  await database.close();
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
process.exit(failed ? 1 : 0);
