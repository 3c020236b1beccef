import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { bookings, flightSeats, users } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { presentBooking } from '../../../presenters/booking';
import { logInDemo } from '../../../test/accounts';
import { adult, bookingBody, findOffer, findOffers, setSeatsLeft } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { type AccountUser, accountUserColumns } from '../../accounts/find-user';
import { type CreateBookingRequest, createBooking } from './create-booking';
import { platformHoldLimits } from './hold-limits';

let t: TestApp;
let agent: string;
let agentUser: AccountUser;
let customerUser: AccountUser;
beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  const demoUser = async (email: string) => {
    const [user] = await t.app.db.select(accountUserColumns).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no ${email}`);
    return user;
  };
  agentUser = await demoUser('agent@sajilo.example');
  customerUser = await demoUser('customer@sajilo.example');
});
afterAll(() => t.close());

describe('bookings written together (one transaction for the bookings that arrive together)', () => {
  it('gives the last seats to exactly as many buyers as fit, each booking whole, repeats answered once', async () => {
    const forTwo = await findOffer(t, { cookie: agent, days: 41, adults: 2 });
    const segment = forTwo.segments[0];
    if (!segment) throw new Error('no segment');
    const sameFlight = (o: FlightOffer) =>
      o.segments[0]?.flight_number === segment.flight_number &&
      o.segments[0]?.class_code === segment.class_code;
    const forOne = (await findOffers(t, { cookie: agent, days: 41 })).find(sameFlight);
    if (!forOne) throw new Error('no offer for one on the same flight');
    const seatRow = await setSeatsLeft(t.app.db, segment, { left: 5 });
    const one = bookingBody([forOne]);
    const two = bookingBody(
      [forTwo],
      [adult(), adult({ first_name: 'Gita', gender: 'female', title: 'Ms' })],
    );
    const repeatedKey = randomUUID();
    // Straight to the domain, so that the bookings reach the batcher in the same moment.
    type Outcome = { booking: Booking } | { error: AppError };
    const book = async (user: AccountUser, request: CreateBookingRequest, key = randomUUID()) => {
      try {
        const full = await createBooking(t.app.db, {
          user,
          request,
          idempotencyKey: key,
          holdMinutes: 20,
          holdLimits: platformHoldLimits(t.app.env),
        });
        return { booking: presentBooking(full, []) } as Outcome;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { error } as Outcome;
      }
    };
    const codeOf = (o: Outcome | undefined) => (o && 'error' in o ? o.error.code : 'held');
    const outcomes = await Promise.all([
      // A traveller's: an agent's booking first looks up their commission, so it reaches the batcher later.
      book(customerUser, two, repeatedKey),
      book(customerUser, two, repeatedKey),
      book(customerUser, one, repeatedKey),
      ...Array.from({ length: 12 }, (_, i) => book(i % 2 ? agentUser : customerUser, i % 3 ? one : two)),
    ]);

    const [first, repeat, reused] = outcomes;
    // One key, one booking: the same body again answers the same; a different body with the key
    // is refused. Which body claims the key first is the race's to decide.
    expect(codeOf(repeat)).toBe(codeOf(first));
    if (first && 'booking' in first && repeat && 'booking' in repeat)
      expect(repeat.booking.pnr).toBe(first.booking.pnr);
    // Whichever body holds seats first claims the key: the other body is then refused (a body
    // that found no seats claims nothing).
    if (codeOf(first) === 'held') expect(codeOf(reused)).toBe('IDEMPOTENCY_KEY_REUSED');
    if (codeOf(reused) === 'held') expect(codeOf(first)).toBe('IDEMPOTENCY_KEY_REUSED');
    expect([codeOf(first), codeOf(reused)]).not.toEqual(['held', 'held']);

    const others = [
      ...[first, reused].filter((o) => codeOf(o) !== 'IDEMPOTENCY_KEY_REUSED'),
      ...outcomes.slice(3),
    ];
    const held = others.flatMap((o) => (o && 'booking' in o ? [o.booking] : []));
    for (const o of others) {
      if (!o || 'booking' in o) continue;
      expect(o.error.code).toBe('SOLD_OUT');
      expect([forOne.id, forTwo.id]).toContain(o.error.details?.offer_id);
    }
    const seatsHeld = held.reduce((n, b) => n + b.passengers.length, 0);
    expect(seatsHeld).toBeGreaterThanOrEqual(4);
    expect(seatsHeld).toBeLessThanOrEqual(5);
    for (const booking of held) {
      expect(booking.status).toBe('held');
      expect(booking.legs).toHaveLength(1);
      expect(booking.history.map((h) => h.status)).toEqual(['held']);
    }

    const [row] = await t.app.db
      .select()
      .from(flightSeats)
      .where(
        and(
          eq(flightSeats.scheduleId, seatRow.scheduleId),
          eq(flightSeats.flightDate, seatRow.flightDate),
          eq(flightSeats.classCode, seatRow.classCode),
        ),
      );
    expect(row?.held).toBe(seatsHeld);
    // A buyer who found no seats leaves no booking behind.
    const written = await t.app.db.select({ pnr: bookings.pnr }).from(bookings);
    const pnrs = new Set(written.map((b) => b.pnr));
    expect(held.every((b) => pnrs.has(b.pnr))).toBe(true);
    expect(written.length).toBe(held.length);
  });
});
