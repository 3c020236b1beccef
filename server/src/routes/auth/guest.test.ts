import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, PaymentAction } from '#shared/bookings';
import { auditLog } from '../../db/schema/index';
import { api, logIn, logInDemo, sessionCookie } from '../../test/accounts';
import { holdBooking, payBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../test/payment-sandbox';

let t: SandboxTestApp;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
});
afterAll(() => t.close());

const PASSWORD = 'monsoon over phewa lake';

async function continueAsGuest(email: string, mobile: string, names: Record<string, string> = {}) {
  const response = await api(t, { method: 'POST', url: '/auth/guest', payload: { email, mobile, ...names } });
  expect(response.statusCode).toBe(200);
  return { cookie: sessionCookie(response), data: response.json().data };
}
const get = (cookie: string, url: string) => api(t, { method: 'GET', url, cookie });
const claim = (cookie: string, password = PASSWORD) =>
  api(t, { method: 'POST', url: '/auth/guest/claim', cookie, payload: { password } });
const pnrsOf = async (cookie: string) =>
  ((await get(cookie, '/bookings')).json().data.items as { pnr: string }[]).map((b) => b.pnr);

describe('guest checkout', () => {
  it('a guest holds, pays in the eSewa sandbox, is ticketed, then creates an account and logs in with it', async () => {
    const guest = await continueAsGuest('sita.guest@example.com', '9841111222', {
      first_name: 'Sita',
      last_name: 'Gurung',
    });
    expect(guest.data).toMatchObject({
      guest: true,
      type: 'customer',
      firstName: 'Sita',
      lastName: 'Gurung',
      email: 'sita.guest@example.com',
      mobile: '+9779841111222',
    });
    const me = (await get(guest.cookie, '/me')).json().data;
    expect(me).toMatchObject({ guest: true, email: 'sita.guest@example.com' });

    const held = await holdBooking(t, guest.cookie, { days: 12 });
    // A guest is a customer: no wallet.
    expect(held.payment_methods).not.toContain('wallet');
    expect((await payBooking(t, guest.cookie, held.pnr, 'wallet')).statusCode).toBe(400);
    const started = await payBooking(t, guest.cookie, held.pnr, 'esewa');
    expect(started.statusCode).toBe(200);
    const returned = await payInSandbox(gatewayAction(started.json().data as PaymentAction), 'pay');
    const landed = await followReturn(t.app, returned);
    expect(landed.pathname).toBe('/Booking/BookingConfirm');
    expect(landed.searchParams.get('payment')).toBe('success');
    const booking = (await get(guest.cookie, `/bookings/${held.pnr}`)).json().data as Booking;
    expect(booking.status).toBe('ticketed');
    expect(booking.tickets).toHaveLength(1);

    // No password yet: the address the guest typed logs nobody in.
    const before = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'sita.guest@example.com', password: PASSWORD },
    });
    expect(before.statusCode).toBe(401);

    const claimed = await claim(guest.cookie);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().data).toMatchObject({ guest: false, email: 'sita.guest@example.com' });
    expect((await claim(guest.cookie)).json().data.code).toBe('NOT_A_GUEST');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, claimed.json().data.userToken));
    expect(audit).toMatchObject({ action: 'user.claim-guest', actorLabel: 'sita.guest@example.com' });

    for (const login of ['sita.guest@example.com', '9841111222']) {
      const { cookie } = await logIn(t, login, { password: PASSWORD });
      expect(await pnrsOf(cookie)).toEqual([held.pnr]);
      expect((await get(cookie, `/bookings/${held.pnr}`)).json().data.status).toBe('ticketed');
    }
  });

  it("refuses to claim an existing account's e-mail or mobile: log in to it instead, nothing merged", async () => {
    const owner = await logInDemo(t, 'sajilo', 'customer');
    const ownerBookings = await pnrsOf(owner);
    const ownerMe = (await get(owner, '/me')).json().data;
    const guest = await continueAsGuest('customer@sajilo.example', '9842222333');
    const held = await holdBooking(t, guest.cookie, { days: 13 });
    // The guest does not see the account's bookings, nor the account the guest's.
    expect(await pnrsOf(guest.cookie)).toEqual([held.pnr]);
    expect(await pnrsOf(owner)).toEqual(ownerBookings);

    const refused = await claim(guest.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({
      code: 'GUEST_CONTACT_HAS_ACCOUNT',
      error:
        'An account already uses this e-mail address or mobile number. Please log in to that account instead.',
    });
    expect(Object.keys(refused.json().data.fields)).toEqual(['email']);
    expect((await get(guest.cookie, '/me')).json().data.guest).toBe(true);

    const byMobile = await continueAsGuest('someone.new@example.com', ownerMe.mobile);
    const refusedMobile = await claim(byMobile.cookie);
    expect(refusedMobile.statusCode).toBe(409);
    expect(Object.keys(refusedMobile.json().data.fields)).toEqual(['mobile']);
    // The owner's password still opens the owner's account, unchanged.
    expect((await logIn(t, 'customer@sajilo.example')).response.json().data.userToken).toBe(
      ownerMe.userToken,
    );
  });

  it('two guests typing the same e-mail each see only their own booking', async () => {
    const first = await continueAsGuest('shared.family@example.com', '9843333444');
    const second = await continueAsGuest('shared.family@example.com', '9843333444');
    expect(first.data.userToken).not.toBe(second.data.userToken);
    const a = await holdBooking(t, first.cookie, { days: 17 });
    const b = await holdBooking(t, second.cookie, { days: 18 });
    expect(await pnrsOf(first.cookie)).toEqual([a.pnr]);
    expect(await pnrsOf(second.cookie)).toEqual([b.pnr]);
    expect((await get(first.cookie, `/bookings/${b.pnr}`)).statusCode).toBe(404);
    // The first to claim gets the address; the second is told to log in to that account.
    expect((await claim(first.cookie)).statusCode).toBe(200);
    expect((await claim(second.cookie)).json().data.code).toBe('GUEST_CONTACT_HAS_ACCOUNT');
  });

  it('names the missing or bad field, and claiming needs a guest session and an acceptable password', async () => {
    const bad = await api(t, { method: 'POST', url: '/auth/guest', payload: { email: 'not-an-email' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields).sort()).toEqual(['email', 'mobile']);
    expect(
      (await api(t, { method: 'POST', url: '/auth/guest/claim', payload: { password: PASSWORD } }))
        .statusCode,
    ).toBe(401);
    const guest = await continueAsGuest('short.pass@example.com', '9844444555');
    const weak = await claim(guest.cookie, 'password123');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields).toHaveProperty('password');
    const customer = await logInDemo(t, 'sajilo', 'customer');
    expect((await claim(customer)).json().data).toMatchObject({ code: 'NOT_A_GUEST' });
  });
});
