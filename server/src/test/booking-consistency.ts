import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { checkBooks } from '../domain/ledger/check-books';

/** `scheduleId|flightDate|classCode` of one dated flight and class. */
export type SeatRowKey = string;

export interface SeatRow {
  key: SeatRowKey;
  capacity: number;
  held: number;
  sold: number;
}

/** Every flight_seats row, by key (to compare sold counts before and after a run). */
export async function seatRows(db: Db): Promise<Map<SeatRowKey, SeatRow>> {
  const result = await queryRows<SeatRow>(
    db,
    sql`select schedule_id || '|' || flight_date || '|' || class_code as key,
               capacity, held, sold from flight_seats`,
  );
  return new Map(result.map((r) => [r.key, { ...r, capacity: +r.capacity, held: +r.held, sold: +r.sold }]));
}

/**
 * Everything that must hold between bookings, seat holds, seat counts, tickets, the wallet
 * ledger and gateway payments, whatever crashed or failed in between. Answers one line per
 * violation (empty: consistent). `soldBefore` (from `seatRows` before the run) also checks that
 * every seat sold during the run belongs to an issued hold.
 */
export async function findBookingInconsistencies(
  db: Db,
  options: { soldBefore?: Map<SeatRowKey, SeatRow> } = {},
): Promise<string[]> {
  const problems: string[] = [];
  const report = (label: string, found: unknown[]) => {
    for (const row of found.slice(0, 5)) problems.push(`${label}: ${JSON.stringify(row)}`);
    if (found.length > 5) problems.push(`${label}: … ${found.length - 5} more`);
  };

  report(
    'oversold flight',
    await queryRows(db, sql`select * from flight_seats where held < 0 or sold < 0 or held + sold > capacity`),
  );

  const holdSums = await queryRows<{ key: string; held: number; issued: number }>(
    db,
    sql`select (s->>'scheduleId') || '|' || (s->>'flightDate') || '|' || (s->>'classCode') as key,
               coalesce(sum((s->>'seats')::int) filter (where h.status = 'held'), 0)::int as held,
               coalesce(sum((s->>'seats')::int) filter (where h.status = 'issued'), 0)::int as issued
          from seat_holds h, jsonb_array_elements(h.segments) s
         group by 1`,
  );
  const seats = await seatRows(db);
  for (const sum of holdSums) {
    const row = seats.get(sum.key);
    if (!row) {
      problems.push(`seat hold on a flight without a seat row: ${sum.key}`);
      continue;
    }
    if (row.held !== sum.held) problems.push(`seats held ${row.held} ≠ live holds ${sum.held} on ${sum.key}`);
    // A row made during the run (first hold on that flight) started with nothing sold.
    const soldBefore = options.soldBefore ? (options.soldBefore.get(sum.key)?.sold ?? 0) : undefined;
    if (soldBefore !== undefined && row.sold - soldBefore !== sum.issued)
      problems.push(
        `seats sold during the run ${row.sold - soldBefore} ≠ issued holds ${sum.issued} on ${sum.key}`,
      );
  }
  if (options.soldBefore) {
    const withHolds = new Set(holdSums.map((s) => s.key));
    for (const [key, row] of seats) {
      const before = options.soldBefore.get(key);
      if (!withHolds.has(key) && row.held !== 0) problems.push(`seats held without any hold on ${key}`);
      if (!withHolds.has(key) && before && row.sold !== before.sold)
        problems.push(`seats sold without any hold on ${key}`);
    }
  }

  report(
    'seat hold that no booking owns (half-made booking)',
    await queryRows(
      db,
      sql`select h.locator, h.status from seat_holds h
           where not exists (select 1 from booking_legs l where l.locator = h.locator)
             and not exists (select 1 from booking_changes c where c.from_locator = h.locator and h.status = 'cancelled')
             and not exists (select 1 from booking_change_payments p where p.to_locator = h.locator
                   and (h.status <> 'held' or p.status = 'pending'))`,
    ),
  );
  report(
    'booking without legs or passengers',
    await queryRows(
      db,
      sql`select b.pnr, b.status from bookings b
           where not exists (select 1 from booking_legs l where l.booking_id = b.id)
              or not exists (select 1 from booking_passengers p where p.booking_id = b.id)`,
    ),
  );
  report(
    'booking status does not match its seat hold',
    await queryRows(
      db,
      sql`select b.pnr, b.status, h.status as hold_status from bookings b
            join booking_legs l on l.booking_id = b.id
            left join seat_holds h on h.locator = l.locator
           where not coalesce(
                   (b.status = 'held' and h.status = 'held')
                or (b.status = 'paid' and h.status in ('held', 'issued'))
                or (b.status = 'ticketed' and h.status = 'issued')
                or (b.status in ('expired', 'cancelled', 'refunded') and h.status in ('expired', 'cancelled')),
                 false)`,
    ),
  );
  report(
    'paid booking without its payment',
    await queryRows(
      db,
      sql`select b.pnr, b.status, b.paid_with from bookings b
           where b.paid_at is not null and not (
             (b.paid_with = 'wallet' and exists (select 1 from wallet_entries w
                where w.booking_id = b.id and w.kind = 'booking_debit'))
             or (b.paid_with <> 'wallet' and exists (select 1 from payment_attempts a
                where a.order_id = b.id::text and a.status = 'paid')))`,
    ),
  );
  report(
    'booking not paid though status says so',
    await queryRows(
      db,
      sql`select pnr, status from bookings where status in ('paid', 'ticketed') and paid_at is null`,
    ),
  );
  report(
    'money taken for a booking that was never paid',
    await queryRows(
      db,
      sql`select b.pnr, b.status from bookings b
           where b.paid_at is null and (
             exists (select 1 from wallet_entries w where w.booking_id = b.id and w.kind = 'booking_debit')
             or exists (select 1 from payment_attempts a where a.order_id = b.id::text and a.status = 'paid'))`,
    ),
  );
  report(
    'booking charged twice',
    await queryRows(
      db,
      sql`select order_id, count(*)::int from payment_attempts where status = 'paid'
           group by order_id having count(*) > 1
          union all
          select booking_id::text, count(*)::int from wallet_entries where kind = 'booking_debit'
           group by booking_id having count(*) > 1`,
    ),
  );
  report(
    'payment in excess without its refund',
    await queryRows(
      db,
      sql`select a.order_id, a.gateway, a.reference, a.amount_paisa from payment_attempts a
           where a.status = 'excess' and a.order_id ~ '^[0-9a-f-]{36}$'
             and not exists (select 1 from refunds r where r.booking_id::text = a.order_id
                   and r.payment_reference = a.reference and r.method = a.gateway
                   and r.amount = a.amount_paisa)`,
    ),
  );
  report(
    'captured payment recorded as failed',
    await queryRows(
      db,
      sql`select order_id, gateway, reference from payment_attempts
           where status = 'failed' and verified_payload is not null`,
    ),
  );
  report(
    'ticketed booking without one ticket per passenger per flight',
    await queryRows(
      db,
      sql`select b.pnr,
                 (select count(*) from tickets t where t.booking_id = b.id and t.status <> 'exchanged')::int as tickets,
                 ((select count(*) from booking_passengers p where p.booking_id = b.id)
                   * (select sum(jsonb_array_length(l.offer->'segments')) from booking_legs l
                       where l.booking_id = b.id))::int as expected
            from bookings b where b.status = 'ticketed'
           group by b.id, b.pnr
          having (select count(*) from tickets t where t.booking_id = b.id and t.status <> 'exchanged')
              <> (select count(*) from booking_passengers p where p.booking_id = b.id)
                 * (select sum(jsonb_array_length(l.offer->'segments')) from booking_legs l where l.booking_id = b.id)`,
    ),
  );
  report(
    'tickets on a booking that was never paid',
    await queryRows(
      db,
      sql`select b.pnr, b.status from bookings b
           where b.paid_at is null and exists (select 1 from tickets t where t.booking_id = b.id)`,
    ),
  );
  report(
    'duplicate ticket number',
    await queryRows(db, sql`select ticket_number from tickets group by 1 having count(*) > 1`),
  );
  report(
    'wallet balance differs from its ledger',
    await queryRows(
      db,
      sql`select u.email, u.wallet_balance, coalesce(sum(w.amount), 0)::int as ledger
            from users u left join wallet_entries w on w.user_id = u.id
           group by u.id having u.wallet_balance <> coalesce(sum(w.amount), 0)`,
    ),
  );
  // The double-entry books (docs/finance-statements.md#the-books-double-entry): every run that checks the
  // bookings checks them too.
  for (const problem of (await checkBooks(db)).problems) problems.push(`books: ${problem}`);
  return problems;
}

/**
 * The bookings clients were told about (PNR → paid) that are not in the database with the status
 * the client saw: `ticketed` when told paid, else `held` — or also `paid`/`ticketed` with
 * `paymentsCutOff`, when a payment's answer may have been lost (a killed instance, a client that
 * gave up). Answers one line per such booking (empty: nothing lost).
 */
export async function findLostBookings(
  db: Db,
  confirmed: Map<string, boolean>,
  options: { paymentsCutOff?: boolean } = {},
): Promise<string[]> {
  const found = await queryRows<{ pnr: string; status: string }>(db, sql`select pnr, status from bookings`);
  const status = new Map(found.map((r) => [r.pnr, r.status]));
  const lost: string[] = [];
  for (const [pnr, paid] of confirmed) {
    const actual = status.get(pnr) ?? 'nothing';
    const allowed = paid ? ['ticketed'] : options.paymentsCutOff ? ['held', 'paid', 'ticketed'] : ['held'];
    if (!allowed.includes(actual)) lost.push(`${pnr}: told ${paid ? 'ticketed' : 'held'}, found ${actual}`);
  }
  return lost;
}
