import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Marks the bookings written here (their idempotency keys), apart from those the tests make. */
const SEEDED = 'many-bookings-';

/**
 * Writes `count` past bookings with set-based SQL, so plans can be checked at a realistic size:
 * spread over `userIds` (the first, `heavy`, gets `heavyShare` of them: an account with a long
 * history, and no unpaid hold), each with a leg, a passenger and an event; most ticketed (a
 * ticket, a wallet debit whose trigger writes its two ledger lines) or cancelled, some expired,
 * some holds that lapsed but were never expired (the job had not run), and one in twenty an unpaid
 * hold of another account, still running; one in ten with a failed gateway attempt. The caller
 * analyses the tables afterwards.
 */
export async function addManyBookings(
  db: Db,
  options: { count: number; userIds: string[]; heavyShare: number },
): Promise<void> {
  const { count, userIds, heavyShare } = options;
  const heavyEvery = Math.round(1 / heavyShare);
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into bookings (pnr, brand_id, user_id, status, currency, price, amount_due, contact,
        expires_at, first_departure_at, route, idempotency_key, request_hash, paid_with, paid_at,
        ticket_emailed_at, created_at)
      select 'Q' || upper(lpad(to_hex(g), 5, '0')), u.brand_id, u.id,
        case when g % 20 in (1, 4) then 'held' when g % 20 = 2 then 'expired'
          when g % 10 = 3 then 'cancelled' else 'ticketed' end,
        'NPR', '{"total": 500000, "currency": "NPR"}'::jsonb, 500000,
        '{"name": "Seed Traveller", "email": "seed@example.com", "mobile": "+9779800000000"}'::jsonb,
        case when g % 20 in (1, 2) then now() - interval '1 day' when g % 20 = 4 then now() + interval '1 hour' end,
        now() + (g % 300) * interval '1 day', 'KTM → PKR', ${SEEDED} || g, 'seed',
        case when g % 20 not in (1, 2, 4) then 'wallet' end,
        case when g % 20 not in (1, 2, 4) then now() - interval '2 days' end,
        case when g % 20 not in (1, 2, 4) then now() - interval '2 days' end,
        now() - interval '2 days' - g * interval '1 minute'
      from generate_series(1, ${count}) g
      join lateral (
        select id, brand_id from users
        where id = (${sql.param(userIds)}::uuid[])[case when g % ${heavyEvery} = 0 and g % 20 <> 4 then 1
          else 2 + g % ${userIds.length - 1} end]
      ) u on true`);
    const seeded = sql`(select id, status, user_id from bookings where idempotency_key like ${`${SEEDED}%`})`;
    await tx.execute(sql`
      insert into booking_legs (booking_id, position, supplier, locator, offer, segment_fares)
      select b.id, 0, 'house', 'L' || substr(b.id::text, 1, 8),
        '{"segments": [{"flight_number": "U4 601", "depart_at": "2027-01-05T08:00:00+05:45"}]}'::jsonb,
        '[]'::jsonb
      from ${seeded} b`);
    await tx.execute(sql`
      insert into booking_passengers (booking_id, position, type, title, first_name, last_name, gender, nationality)
      select b.id, 0, 'adult', 'Mr', 'Seed', 'Traveller', 'male', 'NP' from ${seeded} b`);
    await tx.execute(sql`
      insert into booking_events (booking_id, status, by) select b.id, b.status, 'seed' from ${seeded} b`);
    await tx.execute(sql`
      insert into tickets (ticket_number, booking_id, passenger_id, segment_index, status)
      select '999' || lpad((row_number() over ())::text, 10, '0'), b.id, p.id, 0,
        case when b.status = 'cancelled' then 'refunded' else 'open' end
      from ${seeded} b join booking_passengers p on p.booking_id = b.id
      where b.status in ('ticketed', 'cancelled')`);
    await tx.execute(sql`
      insert into wallet_entries (user_id, kind, amount, currency, booking_id)
      select b.user_id, 'booking_debit', -500000, 'NPR', b.id
      from ${seeded} b where b.status in ('ticketed', 'cancelled')`);
    await tx.execute(sql`
      insert into payment_attempts (order_id, gateway, reference, amount_paisa, status)
      select b.id::text, 'esewa', 'SEED' || upper(substr(md5(b.id::text), 1, 16)), 500000, 'failed'
      from ${seeded} b where get_byte(decode(md5(b.id::text), 'hex'), 0) < 26`);
  });
}

/** `count` unpaid holds of one account, still running (as under relaxed hold limits). */
export async function addUnpaidHolds(db: Db, options: { userId: string; count: number }): Promise<void> {
  const key = `${SEEDED}unpaid-${options.userId}-`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into bookings (pnr, brand_id, user_id, status, currency, price, amount_due, contact,
        expires_at, first_departure_at, route, idempotency_key, request_hash)
      select 'R' || upper(lpad(to_hex(g), 5, '0')), u.brand_id, u.id, 'held', 'NPR',
        '{"total": 500000, "currency": "NPR"}'::jsonb, 500000,
        '{"name": "Seed Traveller", "email": "seed@example.com", "mobile": "+9779800000000"}'::jsonb,
        now() + interval '1 hour', now() + interval '30 days', 'KTM → PKR', ${key} || g, 'seed'
      from generate_series(1, ${options.count}) g, users u where u.id = ${options.userId}`);
    await tx.execute(sql`
      insert into booking_legs (booking_id, position, supplier, locator, offer, segment_fares)
      select b.id, 0, 'house', 'L' || substr(b.id::text, 1, 8),
        '{"segments": [{"flight_number": "U4 602", "depart_at": "2027-01-06T08:00:00+05:45"}]}'::jsonb,
        '[]'::jsonb
      from bookings b where b.idempotency_key like ${`${key}%`}`);
  });
}
