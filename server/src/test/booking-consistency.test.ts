import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, logInDemo } from './accounts';
import { findBookingInconsistencies, seatRows } from './booking-consistency';
import { holdBooking } from './bookings';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = await logInDemo(t, 'sajilo', 'agent');
});
afterAll(() => t.close());

it('finds nothing wrong after holds and a wallet payment, and reports each kind of damage', async () => {
  const soldBefore = await seatRows(t.database.db);
  const paid = await holdBooking(t, cookie);
  const held = await holdBooking(t, cookie, { days: 4 });
  const payment = await api(t, {
    method: 'POST',
    url: `/bookings/${paid.pnr}/payments`,
    cookie,
    payload: { method: 'wallet' },
  });
  expect(payment.statusCode).toBe(200);
  const db = t.database.db;
  expect(await findBookingInconsistencies(db, { soldBefore })).toEqual([]);

  const damage = async (change: ReturnType<typeof sql>, expected: RegExp, repair: ReturnType<typeof sql>) => {
    await db.execute(change);
    const problems = await findBookingInconsistencies(db, { soldBefore });
    await db.execute(repair);
    expect(problems.join('\n')).toMatch(expected);
  };
  await damage(
    sql`update flight_seats set sold = sold + 1 where (schedule_id, flight_date, class_code) in
          (select (s->>'scheduleId')::int, (s->>'flightDate')::date, s->>'classCode'
             from seat_holds h, jsonb_array_elements(h.segments) s where h.status = 'issued')`,
    /seats sold during the run/,
    sql`update flight_seats set sold = sold - 1 where (schedule_id, flight_date, class_code) in
          (select (s->>'scheduleId')::int, (s->>'flightDate')::date, s->>'classCode'
             from seat_holds h, jsonb_array_elements(h.segments) s where h.status = 'issued')`,
  );
  await damage(
    sql`update seat_holds set status = 'expired' where locator in
          (select l.locator from booking_legs l join bookings b on b.id = l.booking_id where b.pnr = ${held.pnr})`,
    /seats held 1 ≠ live holds 0[\s\S]*booking status does not match its seat hold/,
    sql`update seat_holds set status = 'held' where locator in
          (select l.locator from booking_legs l join bookings b on b.id = l.booking_id where b.pnr = ${held.pnr})`,
  );
  await damage(
    sql`update bookings set paid_at = null where pnr = ${paid.pnr}`,
    /booking not paid though status says so[\s\S]*money taken for a booking that was never paid/,
    sql`update bookings set paid_at = now() where pnr = ${paid.pnr}`,
  );
  await damage(
    sql`update users set wallet_balance = wallet_balance + 1 where email = 'agent@sajilo.example'`,
    /wallet balance differs from its ledger/,
    sql`update users set wallet_balance = wallet_balance - 1 where email = 'agent@sajilo.example'`,
  );
  await damage(
    sql`delete from tickets where ticket_number in (select min(ticket_number) from tickets)`,
    /ticketed booking without one ticket per passenger per flight/,
    sql`select 1`,
  );
});
