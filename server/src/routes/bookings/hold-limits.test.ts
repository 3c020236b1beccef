import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { auditLog } from '../../db/schema/index';
import { api, logInDemo, sessionCookie } from '../../test/accounts';
import { adminSessions, asAdmin } from '../../test/admin';
import { adult, bookingBody, findOffer, findOffers, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The platform's own limits (spec §16.4), not the relaxed ones other suites run with. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    HOLD_LIMIT_UNPAID_BOOKINGS: '3',
    HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '9',
    HOLD_LIMIT_NEW_ACCOUNT_HOLDS_PER_ADDRESS: '2',
    RATE_LIMIT_PER_IP: '1000',
  });
});
afterAll(() => t.close());

const hold = (cookie: string, offer: FlightOffer, passengers = [adult()], key: string = randomUUID()) =>
  postBooking(t, cookie, bookingBody([offer], passengers), key);

const cancel = (cookie: string, pnr: string) =>
  api(t, { method: 'POST', url: `/bookings/${pnr}/cancel`, cookie, payload: { confirm: true } });

const adults = (n: number) =>
  Array.from({ length: n }, (_, i) => adult({ first_name: `Hari${'abcdefghi'[i]}` }));

describe('seat hoarding limits', () => {
  it('holds at most 3 unpaid bookings per account; a cancelled one frees a place; a retry is not a new hold', async () => {
    const customer = await logInDemo(t, 'sajilo', 'customer');
    const held: string[] = [];
    const keys: string[] = [];
    const offers: FlightOffer[] = [];
    for (const days of [11, 12, 13]) {
      const key = randomUUID();
      const offer = await findOffer(t, { cookie: customer, days });
      offers.push(offer);
      const response = await hold(customer, offer, [adult()], key);
      expect(response.statusCode, response.body).toBe(200);
      held.push(response.json().data.pnr);
      keys.push(key);
    }
    const fourth = await hold(customer, await findOffer(t, { cookie: customer, days: 14 }));
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      success: false,
      data: { code: 'UNPAID_BOOKINGS_LIMIT', limit: 3 },
    });
    expect(fourth.json().data.error).toMatch(/3 bookings waiting for payment.*pay for or cancel one/);

    // Repeating a booking already made answers it, limits or not (the same request: the seat it
    // took may have been the class's last, so a new search could find another offer).
    const again = await hold(customer, offers[0] as FlightOffer, [adult()], keys[0]);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.pnr).toBe(held[0]);

    expect((await cancel(customer, held[0] ?? '')).statusCode).toBe(200);
    const afterCancel = await hold(customer, await findOffer(t, { cookie: customer, days: 14 }));
    expect(afterCancel.statusCode).toBe(200);
    for (const pnr of [...held.slice(1), afterCancel.json().data.pnr]) await cancel(customer, pnr);
  });

  it('holds at most 9 unpaid seats on one flight per account; infants on a lap do not count', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const nine = await findOffer(t, { cookie: agent, days: 15, adults: 9 });
    const first = await hold(agent, nine, adults(9));
    expect(first.statusCode, first.body).toBe(200);

    const one = (await findOffers(t, { cookie: agent, days: 15 })).find(
      (o) => o.segments[0]?.flight_number === nine.segments[0]?.flight_number,
    );
    if (!one) throw new Error('no offer for one on the same flight');
    const tenth = await hold(agent, one);
    expect(tenth.statusCode).toBe(409);
    expect(tenth.json().data).toMatchObject({ code: 'UNPAID_SEATS_LIMIT', limit: 9 });
    expect(tenth.json().data.error).toContain(
      `at most 9 unpaid seats on flight ${one.segments[0]?.flight_number}`,
    );

    // Another flight is another count.
    const otherDay = await hold(agent, await findOffer(t, { cookie: agent, days: 16 }));
    expect(otherDay.statusCode).toBe(200);
    await cancel(agent, otherDay.json().data.pnr);
    await cancel(agent, first.json().data.pnr);

    const withInfant = await findOffer(t, { cookie: agent, days: 15, adults: 9, infants: 1 });
    const lap = await hold(agent, withInfant, [
      ...adults(9),
      adult({ type: 'infant', title: 'Mstr', first_name: 'Sanu', date_of_birth: '2026-01-01' }),
    ]);
    expect(lap.statusCode, lap.body).toBe(200);
    await cancel(agent, lap.json().data.pnr);
  });

  it('counts holds of one account one at a time, even when they arrive together', async () => {
    const customer = await logInDemo(t, 'globalime', 'customer');
    const offers = await Promise.all(
      [21, 22, 23, 24, 25, 26].map((days) =>
        findOffer(t, { cookie: customer, days, host: 'globalime.localhost' }),
      ),
    );
    const answers = await Promise.all(
      offers.map((offer) =>
        postBooking(t, customer, bookingBody([offer]), randomUUID(), 'globalime.localhost'),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 409, 409, 409]);
  });

  it('limits holds from one address by accounts less than a day old, not by established ones', async () => {
    const newcomers: string[] = [];
    for (const n of [1, 2, 3]) {
      const signup = await api(t, {
        method: 'POST',
        url: '/auth/signup',
        payload: {
          firstName: 'Naya',
          lastName: `Grahak${'abc'[n - 1]}`,
          email: `naya${n}@example.com`,
          mobile: `+97798123450${n}0`,
          password: 'monsoon rain over phewa',
        },
      });
      expect(signup.statusCode, signup.body).toBe(200);
      newcomers.push(sessionCookie(signup));
    }
    const [a, b, c] = newcomers as [string, string, string];
    expect((await hold(a, await findOffer(t, { cookie: a, days: 30 }))).statusCode).toBe(200);
    expect((await hold(b, await findOffer(t, { cookie: b, days: 30 }))).statusCode).toBe(200);
    const third = await hold(c, await findOffer(t, { cookie: c, days: 30 }));
    expect(third.statusCode).toBe(429);
    expect(third.json().data.code).toBe('RATE_LIMITED');
    expect(third.json().data.error).toMatch(/Please try again in \d+ minutes?\./);

    // The demo customer is an established account: the same address does not hold them back.
    const established = await logInDemo(t, 'sajilo', 'individual');
    expect((await hold(established, await findOffer(t, { cookie: established, days: 30 }))).statusCode).toBe(
      200,
    );
  });

  it('a brand tightens the limits (never loosens them), and the change is audited', async () => {
    const sessions = await adminSessions(t);
    const loosen = await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/hold-limits', {
      unpaidBookings: 4,
      unpaidSeatsPerFlight: 9,
      newAccountHoldsPerAddress: 2,
    });
    expect(loosen.statusCode).toBe(400);
    expect(Object.keys(loosen.json().data.fields)).toEqual(['unpaidBookings']);

    const tighten = await asAdmin(t, sessions.sajiloAdmin, 'PUT', '/admin/hold-limits', {
      unpaidBookings: 1,
      unpaidSeatsPerFlight: 4,
      newAccountHoldsPerAddress: 1,
    });
    expect(tighten.statusCode).toBe(200);
    expect(tighten.json().data).toEqual({
      limits: { unpaidBookings: 1, unpaidSeatsPerFlight: 4, newAccountHoldsPerAddress: 1 },
      platform: { unpaidBookings: 3, unpaidSeatsPerFlight: 9, newAccountHoldsPerAddress: 2 },
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'brand.hold-limits'));
    expect(entry?.after).toMatchObject({ unpaidBookings: 1 });

    const agent = await logInDemo(t, 'sajilo', 'agent');
    const five = await hold(agent, await findOffer(t, { cookie: agent, days: 17, adults: 5 }), adults(5));
    expect(five.json().data).toMatchObject({ code: 'UNPAID_SEATS_LIMIT', limit: 4 });
    const first = await hold(agent, await findOffer(t, { cookie: agent, days: 17 }));
    expect(first.statusCode).toBe(200);
    const second = await hold(agent, await findOffer(t, { cookie: agent, days: 18 }));
    expect(second.json().data).toMatchObject({ code: 'UNPAID_BOOKINGS_LIMIT', limit: 1 });

    // Global IME keeps the platform's limits.
    const other = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'GET',
      '/admin/hold-limits',
      undefined,
      'globalime.localhost',
    );
    expect(other.json().data.limits).toEqual({
      unpaidBookings: 3,
      unpaidSeatsPerFlight: 9,
      newAccountHoldsPerAddress: 2,
    });
  });
});
