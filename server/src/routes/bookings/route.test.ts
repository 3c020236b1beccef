import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { bookings, seatHolds } from '../../db/schema/index';
import { DEMO_GRANTED_COMMISSION_PERCENT } from '../../seed/demo-brands';
import { api, logInDemo } from '../../test/accounts';
import {
  adult,
  bookingBody,
  findOffer,
  holdBooking,
  inDays,
  postBooking,
  setSeatsLeft,
} from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let agent: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

describe('POST /bookings', () => {
  it('holds the seats and answers a held booking with a PNR, expiry, price and commission', async () => {
    const offer = await findOffer(t, { cookie: agent });
    const response = await postBooking(t, agent, bookingBody([offer]));
    expect(response.statusCode).toBe(200);
    const booking = response.json().data as Booking;
    expect(booking.pnr).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    expect(booking.status).toBe('held');
    expect(Date.parse(booking.expires_at ?? '')).toBeGreaterThan(Date.now());
    expect(booking.price.total).toBe(offer.price.total);
    expect(booking.price.commission?.percent).toBe(DEMO_GRANTED_COMMISSION_PERCENT);
    expect(booking.price.agent_markup?.percent).toBe(5);
    expect(booking.legs[0]?.id).toBe(offer.id);
    expect(booking.payment_methods).toContain('wallet');
    expect(booking.history).toMatchObject([{ status: 'held', by: 'Bikash Gurung' }]);
    const [hold] = await t.app.db.select().from(seatHolds).where(eq(seatHolds.offerId, offer.id));
    expect(hold?.status).toBe('held');
  });

  it('a customer gets no commission and no wallet', async () => {
    const booking = await holdBooking(t, customer);
    expect(booking.price.commission).toBeNull();
    expect(booking.payment_methods).toEqual(['esewa', 'khalti', 'connectips']);
  });

  it('answers the same booking for the same key and body, 422 for another body, 400 without a key', async () => {
    const offer = await findOffer(t, { cookie: customer, days: 4 });
    const key = randomUUID();
    const first = await postBooking(t, customer, bookingBody([offer]), key);
    const again = await postBooking(t, customer, bookingBody([offer]), key);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.pnr).toBe(first.json().data.pnr);
    const other = await postBooking(t, customer, bookingBody([offer], [adult({ first_name: 'Gita' })]), key);
    expect(other.statusCode).toBe(422);
    expect(other.json().data.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const noKey = await api(t, {
      method: 'POST',
      url: '/bookings',
      cookie: customer,
      payload: bookingBody([offer]),
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.fields).toHaveProperty('Idempotency-Key');
    const count = await t.app.db.select().from(bookings).where(eq(bookings.idempotencyKey, key));
    expect(count).toHaveLength(1);
  });

  it('refuses a changed price (409 with the new price) and a sold-out flight, holding nothing', async () => {
    const offer = await findOffer(t, { cookie: customer, days: 5 });
    const changed = await postBooking(t, customer, {
      ...bookingBody([offer]),
      offers: [{ id: offer.id, total: offer.price.total - 100 }],
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().data).toMatchObject({
      code: 'PRICE_CHANGED',
      new_price: { total: offer.price.total },
    });

    // Two legs: the second is sold out, so the first must not stay held either.
    const second = await findOffer(t, { cookie: customer, days: 6, from: 'PKR', to: 'KTM' });
    const segment = second.segments[0];
    if (!segment) throw new Error('no segment');
    await setSeatsLeft(t.app.db, segment, { left: 0 });
    const soldOut = await postBooking(t, customer, bookingBody([offer, second]));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().data.code).toBe('SOLD_OUT');
    const holds = await t.app.db
      .select()
      .from(seatHolds)
      .where(and(eq(seatHolds.offerId, offer.id)));
    expect(holds).toHaveLength(0);
  });

  it('names each invalid passenger field', async () => {
    const offer = await findOffer(t, { cookie: customer, days: 7, adults: 1, children: 1, infants: 1 });
    const response = await postBooking(
      t,
      customer,
      bookingBody(
        [offer],
        [
          adult({ nationality: 'US' }),
          adult({ type: 'child', first_name: 'Mina', date_of_birth: inDays(-365) }),
          adult({ type: 'infant', first_name: 'Babu' }),
        ],
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.fields).sort()).toEqual([
      'passengers.0.nationality',
      'passengers.1.date_of_birth',
      'passengers.2.date_of_birth',
    ]);
    const mix = await postBooking(t, customer, bookingBody([offer], [adult(), adult()]));
    expect(mix.json().data.fields).toHaveProperty('passengers');
  });

  it('refuses a tampered booking: the same offer twice, the same flight in two offers, children or infants alone', async () => {
    const offer = await findOffer(t, { cookie: customer, days: 9, adults: 1, children: 1 });
    const before = await t.database.db.$count(bookings);
    const twice = await postBooking(t, customer, {
      ...bookingBody(
        [offer],
        [adult(), adult({ type: 'child', first_name: 'Mina', date_of_birth: inDays(-3000) })],
      ),
      offers: [offer, offer].map((o) => ({ id: o.id, total: o.price.total })),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data.fields).toEqual({ 'offers.1.id': 'This flight is already in the booking.' });

    // The same flight under another fare class is still the same seat twice.
    const otherClass = offer.id.replace(/\.([A-Z])~/, (_, c: string) => `.${c === 'Y' ? 'W' : 'Y'}~`);
    const sameFlight = await postBooking(t, customer, {
      ...bookingBody(
        [offer],
        [adult(), adult({ type: 'child', first_name: 'Mina', date_of_birth: inDays(-3000) })],
      ),
      offers: [
        { id: offer.id, total: offer.price.total },
        { id: otherClass, total: offer.price.total },
      ],
    });
    expect(sameFlight.statusCode).toBe(400);
    expect(sameFlight.json().data.fields).toHaveProperty(['offers.1.id']);

    // An offer id edited to price children (or an infant) with no adult is not an offer of this server.
    for (const mix of ['0.2.0', '0.0.1', '1.0.2']) {
      const forged = offer.id.replace(/~\d\.\d\.\d~/, `~${mix}~`);
      const response = await postBooking(t, customer, {
        ...bookingBody([offer], [adult({ type: 'child', first_name: 'Mina', date_of_birth: inDays(-3000) })]),
        offers: [{ id: forged, total: offer.price.total }],
      });
      expect(response.statusCode, mix).toBe(400);
      expect(response.json().data.fields, mix).toHaveProperty(['offers.0.id']);
    }
    expect(await t.database.db.$count(bookings)).toBe(before);
  });

  it('asks for a passport valid 6 months past the last flight on an international trip', async () => {
    const offer = await findOffer(t, { cookie: customer, days: 8, to: 'DEL' });
    const response = await postBooking(
      t,
      customer,
      bookingBody([offer], [adult({ passport_number: 'PA1234567', passport_expiry: inDays(60) })]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual({ 'passengers.0.passport_expiry': expect.any(String) });
    const missing = await postBooking(t, customer, bookingBody([offer]));
    expect(Object.keys(missing.json().data.fields)).toEqual([
      'passengers.0.passport_number',
      'passengers.0.passport_expiry',
    ]);
    const valid = await postBooking(
      t,
      customer,
      bookingBody([offer], [adult({ passport_number: 'PA1234567', passport_expiry: inDays(400) })]),
    );
    expect(valid.statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    const response = await api(t, {
      method: 'POST',
      url: '/bookings',
      payload: {},
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /bookings and /bookings/:pnr', () => {
  it("lists the caller's own bookings newest first, filters, and hides other users' PNRs", async () => {
    const booking = await holdBooking(t, customer, { days: 9 });
    const list = await api(t, { method: 'GET', url: '/bookings?page_size=2', cookie: customer });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items[0].pnr).toBe(booking.pnr);
    expect(list.json().data.items[0].route).toMatch(/^KTM → PKR, /);
    expect(list.json().data.total).toBeGreaterThanOrEqual(2);
    const filtered = await api(t, {
      method: 'GET',
      url: `/bookings?pnr=${booking.pnr}&status=held`,
      cookie: customer,
    });
    expect(filtered.json().data.items.map((b: Booking) => b.pnr)).toEqual([booking.pnr]);
    const mine = await api(t, { method: 'GET', url: `/bookings/${booking.pnr}`, cookie: customer });
    expect(mine.json().data.pnr).toBe(booking.pnr);
    const theirs = await api(t, { method: 'GET', url: `/bookings/${booking.pnr}`, cookie: agent });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).not.toContain('Hari');
    const agentList = await api(t, { method: 'GET', url: `/bookings?pnr=${booking.pnr}`, cookie: agent });
    expect(agentList.json().data.items).toEqual([]);
  });
});
