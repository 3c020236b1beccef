import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetail, AdminBookingSummary } from '#shared/admin-bookings';
import type { Booking } from '#shared/bookings';
import { emailOutbox, users } from '../../../db/schema/index';
import { api, logInDemo } from '../../../test/accounts';
import { adminSessions, asAdmin, GLOBALIME } from '../../../test/admin';
import { adult, bookingBody, findOffer, holdBooking, inDays, postBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let customer: string;
/** Sajilo: an agent's wallet-paid (ticketed) booking, a customer's held one for Sita Rai; Global IME: one. */
let ticketed: Booking;
let heldForSita: Booking;
let otherBrand: Booking;

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method, url, payload);
const list = async (query = '') =>
  (await admin('GET', `/admin/bookings${query}`)).json().data as {
    items: AdminBookingSummary[];
    total: number;
  };
const detail = async (pnr: string) =>
  (await admin('GET', `/admin/bookings/${pnr}`)).json().data as AdminBookingDetail;

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  customer = await logInDemo(t, 'sajilo', 'customer');
  ticketed = await holdBooking(t, sessions.sajiloAgent);
  const paid = await api(t, {
    method: 'POST',
    url: `/bookings/${ticketed.pnr}/payments`,
    cookie: sessions.sajiloAgent,
    payload: { method: 'wallet' },
  });
  expect(paid.statusCode).toBe(200);
  const offer = await findOffer(t, { cookie: customer });
  const sita = await postBooking(
    t,
    customer,
    bookingBody([offer], [adult({ first_name: 'Sita', last_name: 'Rai', title: 'Ms', gender: 'female' })]),
  );
  heldForSita = sita.json().data;
  const globalimeAgent = await logInDemo(t, 'globalime', 'agent');
  otherBrand = await holdBooking(t, globalimeAgent, { host: GLOBALIME, days: 6 });
});
afterAll(() => t.close());

describe('the brand’s bookings list', () => {
  it('lists every booking of the brand, newest first, and none of another brand', async () => {
    const page = await list();
    expect(page.items.map((b) => b.pnr)).toEqual([heldForSita.pnr, ticketed.pnr]);
    expect(page.total).toBe(2);
    expect(page.items[1]).toMatchObject({
      status: 'ticketed',
      route: 'KTM → PKR',
      booker: { name: 'Bikash Gurung', type: 'agent', email: 'agent@sajilo.example' },
      paidWith: 'wallet',
      disrupted: false,
    });
    expect(JSON.stringify(page)).not.toContain(otherBrand.pnr);
  });

  it('filters by status, PNR, name, booker, route and dates', async () => {
    const pnrs = async (query: string) => (await list(query)).items.map((b) => b.pnr);
    expect(await pnrs('?status=ticketed')).toEqual([ticketed.pnr]);
    expect(await pnrs('?status=cancelled')).toEqual([]);
    expect(await pnrs(`?pnr=${ticketed.pnr.slice(0, 4).toLowerCase()}`)).toContain(ticketed.pnr);
    expect(await pnrs('?name=sita')).toEqual([heldForSita.pnr]);
    expect(await pnrs('?name=Hari%20Thapa')).toEqual([heldForSita.pnr, ticketed.pnr]); // the contact
    expect(await pnrs('?name=%25')).toEqual([]);
    // LIKE's wildcards and escape character are plain text (docs/security.md#names).
    for (const typed of ['_', '%25', '%5C', '__', 'S_ta']) {
      expect(await pnrs(`?name=${typed}`), typed).toEqual([]);
    }
    for (const typed of ['_', '%25', '%5C', '______']) {
      expect(await pnrs(`?pnr=${typed}`), typed).toEqual([]);
    }
    const [agent] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    expect(await pnrs(`?agentId=${agent?.id}`)).toEqual([ticketed.pnr]);
    expect(await pnrs('?origin=ktm&destination=PKR')).toHaveLength(2);
    expect(await pnrs('?destination=KTM')).toEqual([]);
    const travel = inDays(3);
    expect(await pnrs(`?dateField=travel&from=${travel}&to=${travel}`)).toHaveLength(2);
    expect(await pnrs(`?dateField=travel&from=${inDays(4)}`)).toEqual([]);
    expect(await pnrs(`?dateField=created&to=${inDays(-1)}`)).toEqual([]);
    expect((await list('?pageSize=1&page=2')).items.map((b) => b.pnr)).toEqual([ticketed.pnr]);
  });

  it('answers 400 naming the field for bad filters', async () => {
    for (const [query, field] of [
      ['?from=2026-13', 'from'],
      ['?status=lost', 'status'],
      ['?agentId=nope', 'agentId'],
      ['?origin=KATHMANDU', 'origin'],
      [`?from=${inDays(3)}&to=${inDays(1)}`, 'to'],
      ['?pageSize=1000', 'pageSize'],
    ] as const) {
      const response = await admin('GET', `/admin/bookings${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data.fields, query).toHaveProperty(field);
    }
  });
});

describe('a booking’s detail', () => {
  it('shows history (who, when), payments, tickets and flights', async () => {
    const shown = await detail(ticketed.pnr.toLowerCase());
    expect(shown.booking.pnr).toBe(ticketed.pnr);
    expect(shown.booking.history.map((e) => [e.status, e.by])).toEqual([
      ['held', 'Bikash Gurung'],
      ['paid', 'Bikash Gurung'],
      ['ticketed', expect.any(String)],
    ]);
    expect(shown.booking.tickets.length).toBeGreaterThan(0);
    expect(shown.walletEntries).toEqual([
      expect.objectContaining({ kind: 'booking_debit', amount: -shown.amountDue }),
    ]);
    expect(shown.flights[0]?.flightId).toMatch(/^[A-Z0-9]{2}\d+-\d{4}-\d{2}-\d{2}$/);
    expect(shown.booking.payment_methods).toEqual([]);
  });

  it('answers 404 for another brand’s PNR and for an unknown one', async () => {
    expect((await admin('GET', `/admin/bookings/${otherBrand.pnr}`)).statusCode).toBe(404);
    expect((await admin('GET', '/admin/bookings/ZZZZZZ')).statusCode).toBe(404);
  });
});

describe('actions', () => {
  it('resends the e-ticket with its PDF, audited; a held booking has none (409)', async () => {
    const response = await admin('POST', `/admin/bookings/${ticketed.pnr}/resend-ticket`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ to: 'hari@example.com' });
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, `%e-ticket ${ticketed.pnr}%`));
    expect(mails).toHaveLength(2);
    expect(mails[1]?.attachments).toEqual([{ kind: 'e-ticket', bookingId: expect.any(String) }]);
    const held = await admin('POST', `/admin/bookings/${heldForSita.pnr}/resend-ticket`);
    expect(held.statusCode).toBe(409);
    expect(held.json().data.code).toBe('BOOKING_NOT_TICKETED');
    const audit = (await admin('GET', '/admin/audit?action=booking.resend-ticket')).json().data.items;
    expect(audit[0]).toMatchObject({ actor: 'admin@sajilo.example', entityId: ticketed.pnr });
  });

  it('marks a flight disrupted: the brand’s bookings on it are flagged, told, and shown so to the traveller', async () => {
    const flightId = (await detail(ticketed.pnr)).flights[0]?.flightId ?? '';
    const other = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'GET',
      `/admin/bookings/${otherBrand.pnr}`,
      undefined,
      GLOBALIME,
    );
    const otherFlightId = (other.json().data as AdminBookingDetail).flights[0]?.flightId ?? '';
    expect(otherFlightId).not.toBe(flightId);
    // Another brand's flight: nothing of ours on it → 404, nothing changed.
    const foreign = await admin('POST', `/admin/flights/${otherFlightId}/disruptions`, { note: 'Fog' });
    expect(foreign.statusCode).toBe(404);
    const bad = await admin('POST', '/admin/flights/not-a-flight/disruptions', { note: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('flightId');
    const noNote = await admin('POST', `/admin/flights/${flightId}/disruptions`, { note: ' ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().data.fields).toHaveProperty('note');

    const marked = await admin('POST', `/admin/flights/${flightId.toLowerCase()}/disruptions`, {
      reason: 'weather',
      note: 'Fog at Pokhara: the flight is delayed until further notice.',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({
      flightId,
      reason: 'weather',
      flagged: expect.arrayContaining([ticketed.pnr, heldForSita.pnr]),
      notified: 2,
    });
    const again = await admin('POST', `/admin/flights/${flightId}/disruptions`, { note: 'Still fog' });
    expect(again.json().data).toMatchObject({
      flagged: [],
      notified: 0,
      note: expect.stringContaining('Fog at Pokhara'),
    });

    expect((await list('?status=ticketed')).items[0]?.disrupted).toBe(true);
    const shown = await detail(ticketed.pnr);
    expect(shown.flights[0]?.disrupted).toBe(true);
    expect(shown.booking.history.at(-1)).toMatchObject({
      by: 'Anita Shrestha (agency)',
      note: expect.stringContaining('disrupted'),
    });
    const traveller = await api(t, { method: 'GET', url: `/bookings/${heldForSita.pnr}`, cookie: customer });
    expect(traveller.json().data.disruptions).toEqual([
      expect.objectContaining({
        flight_id: flightId,
        reason: 'weather',
        note: expect.stringContaining('Fog'),
      }),
    ]);
    const notices = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, 'Flight disruption%'));
    expect(notices.map((n) => n.subject).sort()).toEqual(
      [ticketed.pnr, heldForSita.pnr].map((pnr) => `Flight disruption: booking ${pnr} (KTM → PKR)`).sort(),
    );
    expect(notices[0]?.text).toContain('Fog at Pokhara');
    const otherShown = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'GET',
      `/admin/bookings/${otherBrand.pnr}`,
      undefined,
      GLOBALIME,
    );
    expect(otherShown.json().data.booking.disruptions).toEqual([]);
  });

  it('cancels and refunds for the traveller: quote first, then confirm; wallet credited; audited', async () => {
    const [agentBefore] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    const quote = await admin('POST', `/admin/bookings/${ticketed.pnr}/cancel`, {});
    expect(quote.statusCode).toBe(200);
    const quoted = quote.json().data;
    expect(quoted.detail).toBeNull();
    expect(quoted.quote.refund).toBeGreaterThan(0);
    expect((await detail(ticketed.pnr)).booking.status).toBe('ticketed');

    const confirmed = await admin('POST', `/admin/bookings/${ticketed.pnr}/cancel`, { confirm: true });
    expect(confirmed.statusCode).toBe(200);
    const after = confirmed.json().data.detail as AdminBookingDetail;
    expect(after.booking.status).toBe('refunded');
    expect(after.booking.history.at(-1)).toMatchObject({ status: 'refunded', by: 'Anita Shrestha (agency)' });
    expect(after.refunds).toEqual([
      expect.objectContaining({ method: 'wallet', amount: quoted.quote.refund, status: 'completed' }),
    ]);
    expect(after.refunds[0]?.reason).toContain('Cancelled by the agency (admin@sajilo.example)');
    const [agentAfter] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    expect((agentAfter?.walletBalance ?? 0) - (agentBefore?.walletBalance ?? 0)).toBe(quoted.quote.refund);
    const audit = (await admin('GET', '/admin/audit?action=booking.cancel')).json().data.items;
    expect(audit[0]).toMatchObject({
      entityId: ticketed.pnr,
      before: { status: 'ticketed' },
      after: { status: 'refunded', refund: quoted.quote.refund },
    });
    const twice = await admin('POST', `/admin/bookings/${ticketed.pnr}/cancel`, { confirm: true });
    expect(twice.statusCode).toBe(409);
    // Another brand's booking cannot be cancelled from here.
    const foreign = await admin('POST', `/admin/bookings/${otherBrand.pnr}/cancel`, { confirm: true });
    expect(foreign.statusCode).toBe(404);
    const untouched = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'GET',
      `/admin/bookings/${otherBrand.pnr}`,
      undefined,
      GLOBALIME,
    );
    expect(untouched.json().data.booking.status).toBe('held');
  });

  it('refuses non-admins', async () => {
    expect((await api(t, { method: 'GET', url: '/admin/bookings', cookie: customer })).statusCode).toBe(403);
    expect((await api(t, { method: 'GET', url: '/admin/bookings' })).statusCode).toBe(401);
  });
});
