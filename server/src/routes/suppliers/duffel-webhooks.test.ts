import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { auditLog, bookingLegs, bookings, emailOutbox, supplierEvents } from '../../db/schema/index';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import {
  type DuffelSandbox,
  type SandboxWebhookEvent,
  signDuffelWebhook,
  startDuffelSandbox,
} from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { api, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import { adult, bookingBody, payBooking, postBooking, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Duffel's webhook events (docs/suppliers.md#schedule-changes). An airline-initiated schedule change, signed
 * as Duffel signs it, flags the booking disrupted; the traveller accepts it (accepted at Duffel too) or takes
 * a full refund (the order cancelled at Duffel).
 */
let t: TestApp;
let sandbox: DuffelSandbox;
let agent: string;
const TOKEN = 'duffel_test_webhooks';
const SECRET = 'whsec_tikat_test_secret';
const AGENT_EMAIL = 'agent@sajilo.example';
const date = dateOf(todayInNepal() + 40);

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: TOKEN,
    DUFFEL_API_URL: sandbox.url,
    DUFFEL_WEBHOOK_SECRET: SECRET,
    SUPPLIER_TIMEOUT_MS: '3000',
  });
  agent = await logInDemo(t, 'sajilo', 'agent');
  await topUpWallet(t.database.db, AGENT_EMAIL, 100_000_000);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});

/** Posts an event as Duffel does: the body's bytes, signed under `secret` (Tikat's by default). */
function deliver(event: unknown, options: { secret?: string; signature?: string } = {}) {
  const body = JSON.stringify(event);
  const signature =
    options.signature ?? signDuffelWebhook(body, options.secret ?? SECRET, Math.floor(Date.now() / 1000));
  return api(t, {
    method: 'POST',
    url: '/suppliers/duffel/webhooks',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-duffel-signature': signature },
  });
}

async function ticketedDuffelBooking(dest: string): Promise<{ booking: Booking; orderId: string }> {
  const search = await api(t, {
    method: 'POST',
    url: '/flights/search',
    cookie: agent,
    payload: {
      depart_code: 'KTM',
      dest_code: dest,
      depart_date: date,
      nationality_code: 'NP',
      user_type: 'agent',
    },
  });
  expect(search.statusCode, search.body).toBe(200);
  const offer = (search.json().data.legs[0].offers as FlightOffer[]).find(
    (o) => o.supplier === 'duffel' && o.supplier_quote?.instant_payment_required === false,
  );
  if (!offer) throw new Error(`no holdable Duffel offer to ${dest}`);
  const traveller = adult({
    first_name: 'Maya',
    last_name: 'Thapa',
    title: 'Ms',
    gender: 'female',
    date_of_birth: '1990-05-04',
    passport_number: 'PA1234567',
    passport_expiry: '2032-01-31',
  });
  const held = await postBooking(t, agent, bookingBody([offer], [traveller]));
  expect(held.statusCode, held.body).toBe(200);
  const pnr = (held.json().data as Booking).pnr;
  const paid = await payBooking(t, agent, pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  const [leg] = await t.database.db
    .select({ orderId: bookingLegs.supplierOrderId })
    .from(bookingLegs)
    .innerJoin(bookings, eq(bookings.id, bookingLegs.bookingId))
    .where(eq(bookings.pnr, pnr));
  if (!leg?.orderId) throw new Error('the booking has no Duffel order');
  return { booking: paid.json().data.booking as Booking, orderId: leg.orderId };
}

const shown = async (pnr: string) =>
  (await api(t, { method: 'GET', url: `/bookings/${pnr}`, cookie: agent })).json().data as Booking;
const mailsAbout = (pnr: string) =>
  t.database.db
    .select()
    .from(emailOutbox)
    .where(sql`${emailOutbox.subject} like ${`Flight %${pnr}%`}`);

describe("Duffel's webhook events", () => {
  it('refuses an event without a valid signature with 401 WEBHOOK_SIGNATURE_INVALID, recording nothing', async () => {
    const event = { id: 'wev_0000Forged', type: 'order.updated', data: { object: {} } };
    for (const response of [
      await deliver(event, { secret: 'not-the-secret' }),
      await deliver(event, { signature: 'nah' }),
      await deliver(event, { signature: '' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        success: false,
        data: { code: 'WEBHOOK_SIGNATURE_INVALID' },
      });
    }
    const recorded = await t.database.db
      .select()
      .from(supplierEvents)
      .where(eq(supplierEvents.eventId, 'wev_0000Forged'));
    expect(recorded).toEqual([]);
  });

  it('acknowledges an event it does not act on, and a signed body that is not an event is a 400 naming the field', async () => {
    const ping = await deliver({ id: 'wev_0000Ping', type: 'ping.triggered', data: { object: {} } });
    expect(ping.statusCode, ping.body).toBe(200);
    expect(ping.json().data).toEqual({ received: true, outcome: 'ignored', duplicate: false });
    const malformed = await deliver({ type: 'order.updated', data: { object: {} } });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.fields).toHaveProperty('id');
  });

  it('a change to an order Tikat did not make is acknowledged as unknown', async () => {
    const response = await deliver({
      id: 'wev_0000Unknown',
      type: 'order.airline_initiated_change_detected',
      data: { object: { id: 'aic_0000Other', order_id: 'ord_0000NotOurs', added: [], removed: [] } },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.outcome).toBe('unknown_order');
  });

  it('a delay flags the booking once, the traveller is told, and accepting it accepts the change at Duffel', async () => {
    const { booking, orderId } = await ticketedDuffelBooking('LHR');
    const firstFlight = booking.legs[0]?.segments[0];
    if (!firstFlight) throw new Error('no flight');
    const event: SandboxWebhookEvent = sandbox.changeSchedule(orderId, { delayMinutes: 95 });

    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ received: true, outcome: 'flagged', duplicate: false });
    const flagged = await shown(booking.pnr);
    expect(flagged.status).toBe('ticketed');
    const flightId = `${firstFlight.flight_number.replace(/\s+/g, '')}-${firstFlight.depart_at.slice(0, 10)}`;
    const newDeparture = new Date(Date.parse(firstFlight.depart_at) + 95 * 60_000);
    const offset = firstFlight.depart_at.slice(19);
    const localNew = new Date(newDeparture.getTime() + offsetMinutes(offset) * 60_000)
      .toISOString()
      .slice(0, 16);
    expect(flagged.disruptions).toEqual([
      expect.objectContaining({
        flight_id: flightId,
        change: 'delayed',
        new_departure_local: localNew,
        resolution: null,
      }),
    ]);
    const mails = await mailsAbout(booking.pnr);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Flight delayed: booking ${booking.pnr} (KTM → LHR)`);
    expect(mails[0]?.text).toContain(`now leaves on ${localNew.replace('T', ' at ')}`);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'flight.disrupt'), eq(auditLog.entityId, flightId)));
    expect(audit?.actorUserId).toBeNull();

    // Duffel sends at least once: the same event again is acknowledged and not acted on twice.
    const again = await deliver(event);
    expect(again.json().data).toEqual({ received: true, outcome: 'flagged', duplicate: true });
    expect(await mailsAbout(booking.pnr)).toHaveLength(1);

    const accepted = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/disruption/accept`,
      cookie: agent,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((accepted.json().data as Booking).disruptions[0]?.resolution).toBe('accepted');
    const changeId = event.data.object.id as string;
    expect(
      sandbox.received.filter(
        (r) => r.method === 'POST' && r.path === `/air/airline_initiated_changes/${changeId}/actions/accept`,
      ),
    ).toHaveLength(1);
    const listed = sandbox.received.filter(
      (r) => r.method === 'GET' && r.path === '/air/airline_initiated_changes',
    );
    expect(listed.length).toBeGreaterThan(0);
  });

  it('a cancelled flight is refunded in full to the wallet, and the order is cancelled at Duffel', async () => {
    const { booking, orderId } = await ticketedDuffelBooking('DXB');
    const event = sandbox.changeSchedule(orderId, { cancelled: true });
    const delivered = await deliver(event);
    expect(delivered.json().data.outcome).toBe('flagged');
    expect((await shown(booking.pnr)).disruptions[0]).toMatchObject({
      change: 'cancelled',
      resolution: null,
    });
    const accept = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/disruption/accept`,
      cookie: agent,
    });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().data.code).toBe('FLIGHT_CANCELLED');

    const before = await walletOf(t.database.db, AGENT_EMAIL);
    const cancelsBefore = sandbox.received.filter((r) => r.path === '/air/order_cancellations').length;
    const refunded = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/disruption/refund`,
      cookie: agent,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const after = await walletOf(t.database.db, AGENT_EMAIL);
    const paid = booking.price.commission?.net_total ?? booking.price.total;
    expect(after.balance).toBe(before.balance + paid);
    const final = await shown(booking.pnr);
    expect(final.status).toBe('refunded');
    expect(final.disruptions[0]?.resolution).toBe('refunded');
    expect(sandbox.received.filter((r) => r.path === '/air/order_cancellations').length).toBe(
      cancelsBefore + 1,
    );
    const order = (await fetchOrder(orderId)) as { cancelled_at: string | null };
    expect(order.cancelled_at).not.toBeNull();
  });
});

function offsetMinutes(offset: string): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

async function fetchOrder(orderId: string): Promise<unknown> {
  const response = await fetch(`${sandbox.url}/air/orders/${orderId}`, {
    headers: { authorization: `Bearer ${TOKEN}`, 'duffel-version': 'v2' },
  });
  return ((await response.json()) as { data: unknown }).data;
}
