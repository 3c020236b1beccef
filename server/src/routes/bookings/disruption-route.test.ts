import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import type { Booking, RebookingOptions } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { bookings, emailOutbox, walletEntries } from '../../db/schema/index';
import { api, GLOBALIME, logInDemo } from '../../test/accounts';
import { adminSessions, asAdmin } from '../../test/admin';
import { bookingBody, findOffers, holdBooking, payBooking, postBooking, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Disruption end to end over HTTP: an agency admin cancels or retimes a flight; the traveller (or
 * the agent in the console) accepts, rebooks within 3 days at no cost, or takes a full refund.
 */
let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let customer: string;

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method, url, payload);
const flightOf = async (pnr: string) =>
  ((await admin('GET', `/admin/bookings/${pnr}`)).json().data as AdminBookingDetail).flights[0]?.flightId ??
  '';
/** The dated flights of an offer, as flight ids (`U4601-2026-05-01`). */
const offerFlightIds = (offer: FlightOffer) =>
  offer.segments.map(
    (segment) => `${segment.flight_number.replace(/\s+/g, '')}-${segment.depart_at.slice(0, 10)}`,
  );
const asTraveller = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t, { method, url, cookie, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  customer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

describe('a cancelled flight', () => {
  let heldByAgent: Booking;
  let ticketedByAgent: Booking;
  let heldByCustomer: Booking;
  let flightId: string;
  let cancelledOffer: FlightOffer | undefined;

  beforeAll(async () => {
    heldByAgent = await holdBooking(t, sessions.sajiloAgent, { days: 9 });
    ticketedByAgent = await holdBooking(t, sessions.sajiloAgent, { days: 9 });
    expect((await payBooking(t, sessions.sajiloAgent, ticketedByAgent.pnr, 'wallet')).statusCode).toBe(200);
    heldByCustomer = await holdBooking(t, customer, { days: 9 });
    flightId = await flightOf(heldByAgent.pnr);
    expect(await flightOf(ticketedByAgent.pnr)).toBe(flightId);
    expect(await flightOf(heldByCustomer.pnr)).toBe(flightId);

    cancelledOffer = (await findOffers(t, { cookie: customer, days: 9 })).find((offer) =>
      offerFlightIds(offer).includes(flightId),
    );
    expect(cancelledOffer).toBeDefined();

    const marked = await admin('POST', `/admin/flights/${flightId}/disruptions`, {
      reason: 'weather',
      change: 'cancelled',
      note: 'Pokhara is closed by cloud all day.',
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toMatchObject({ change: 'cancelled', newDepartureLocal: null, notified: 3 });
  });

  it('is no longer sold by the brand, while the other brand (not told) still sells it', async () => {
    const sajilo = await findOffers(t, { cookie: customer, days: 9 });
    expect(sajilo.length).toBeGreaterThan(0);
    expect(sajilo.flatMap(offerFlightIds)).not.toContain(flightId);
    const stillOffered = await api(t, {
      method: 'POST',
      url: '/flights/availability',
      cookie: customer,
      payload: { offers: [{ id: cancelledOffer?.id }] },
    });
    expect(stillOffered.statusCode).toBe(410);
    expect(stillOffered.json().data.code).toBe('OFFER_EXPIRED');
    const globalIme = await findOffers(t, { host: GLOBALIME, days: 9 });
    expect(globalIme.flatMap(offerFlightIds)).toContain(flightId);
  });

  it('e-mails every traveller on it with the change and what they can do', async () => {
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.subject, 'Flight cancelled%'));
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [heldByAgent, ticketedByAgent, heldByCustomer]
        .map((b) => `Flight cancelled: booking ${b.pnr} (KTM → PKR)`)
        .sort(),
    );
    expect(mails[0]?.text).toContain('is cancelled because of bad weather');
    expect(mails[0]?.text).toContain('within 3 days at no cost');
    expect(mails[0]?.text).toContain('full refund without fee');
  });

  it('shows the traveller the cancellation, refuses payment and refuses accepting it', async () => {
    const shown = await asTraveller(customer, 'GET', `/bookings/${heldByCustomer.pnr}`);
    expect(shown.json().data.disruptions).toEqual([
      expect.objectContaining({ flight_id: flightId, change: 'cancelled', resolution: null }),
    ]);
    const pay = await payBooking(t, sessions.sajiloAgent, heldByAgent.pnr, 'wallet');
    expect(pay.statusCode).toBe(409);
    expect(pay.json().data).toMatchObject({ code: 'FLIGHT_CANCELLED', flight_id: flightId });
    const gateway = await payBooking(t, customer, heldByCustomer.pnr, 'esewa');
    expect(gateway.statusCode).toBe(409);
    expect(gateway.json().data.code).toBe('FLIGHT_CANCELLED');
    const accept = await asTraveller(customer, 'POST', `/bookings/${heldByCustomer.pnr}/disruption/accept`);
    expect(accept.statusCode).toBe(409);
    expect(accept.json().data.code).toBe('FLIGHT_CANCELLED');
  });

  it('offers flights of the same route within 3 days, and rebooks the traveller onto one at no cost', async () => {
    const options = await asTraveller(
      sessions.sajiloAgent,
      'GET',
      `/bookings/${heldByAgent.pnr}/rebooking-options`,
    );
    expect(options.statusCode).toBe(200);
    const { offers, flight_id } = options.json().data as RebookingOptions;
    expect(flight_id).toBe(flightId);
    expect(offers.length).toBeGreaterThan(0);
    const date = flightId.slice(-10);
    const lastDate = new Date(Date.parse(`${date}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const offer of offers) {
      expect(offer.segments[0]?.depart_code).toBe('KTM');
      expect(offer.segments.at(-1)?.dest_code).toBe('PKR');
      const day = offer.segments[0]?.depart_at.slice(0, 10) ?? '';
      expect(day >= date && day <= lastDate).toBe(true);
      expect(`${offer.segments[0]?.flight_number.replace(/\s+/g, '')}-${day}`).not.toBe(flightId);
    }
    const bogus = await asTraveller(
      sessions.sajiloAgent,
      'POST',
      `/bookings/${heldByAgent.pnr}/disruption/rebook`,
      {
        offer_id: 'house~nothing~1.0.0~npr',
      },
    );
    expect(bogus.statusCode).toBe(409);
    expect(bogus.json().data.code).toBe('REBOOKING_NOT_ALLOWED');

    const chosen = offers.at(-1);
    const rebooked = await asTraveller(
      sessions.sajiloAgent,
      'POST',
      `/bookings/${heldByAgent.pnr}/disruption/rebook`,
      {
        offer_id: chosen?.id,
      },
    );
    expect(rebooked.statusCode).toBe(200);
    const after = rebooked.json().data as Booking;
    expect(after.legs[0]?.segments[0]?.flight_number).toBe(chosen?.segments[0]?.flight_number);
    expect(after.legs[0]?.segments[0]?.depart_at).toBe(chosen?.segments[0]?.depart_at);
    expect(after.price.total).toBe(heldByAgent.price.total);
    expect(after.disruptions[0]).toMatchObject({ resolution: 'rebooked' });
    expect(after.history.at(-1)?.note).toContain(`Moved from ${flightId}`);

    const again = await asTraveller(
      sessions.sajiloAgent,
      'POST',
      `/bookings/${heldByAgent.pnr}/disruption/refund`,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().data.code).toBe('NO_OPEN_DISRUPTION');
    // On its new flight the booking can be paid and ticketed again.
    const paid = await payBooking(t, sessions.sajiloAgent, heldByAgent.pnr, 'wallet');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.booking.status).toBe('ticketed');
  });

  it('refunds a paid booking in full, without fee, to the wallet it was paid from', async () => {
    const before = await walletOf(t.app.db, 'agent@sajilo.example');
    const refunded = await asTraveller(
      sessions.sajiloAgent,
      'POST',
      `/bookings/${ticketedByAgent.pnr}/disruption/refund`,
    );
    expect(refunded.statusCode).toBe(200);
    const after = refunded.json().data as Booking;
    expect(after.status).toBe('refunded');
    expect(after.disruptions[0]).toMatchObject({ resolution: 'refunded' });
    expect(after.tickets.every((ticket) => ticket.status === 'refunded')).toBe(true);
    const wallet = await walletOf(t.app.db, 'agent@sajilo.example');
    const entries = await t.app.db
      .select({ kind: walletEntries.kind, amount: walletEntries.amount })
      .from(walletEntries)
      .innerJoin(bookings, eq(bookings.id, walletEntries.bookingId))
      .where(eq(bookings.pnr, ticketedByAgent.pnr));
    const debit = entries.find((e) => e.kind === 'booking_debit')?.amount ?? 0;
    expect(entries.find((e) => e.kind === 'refund_credit')?.amount).toBe(-debit);
    expect(wallet.balance - before.balance).toBe(-debit);
    expect(wallet.ledger).toBe(wallet.balance);
  });

  it('lets the agent rebook for the client in the console, audited', async () => {
    const options = await admin('GET', `/admin/bookings/${heldByCustomer.pnr}/rebooking-options`);
    expect(options.statusCode).toBe(200);
    const offer = (options.json().data as RebookingOptions).offers[0];
    const rebooked = await admin('POST', `/admin/bookings/${heldByCustomer.pnr}/disruption/rebook`, {
      offer_id: offer?.id,
    });
    expect(rebooked.statusCode).toBe(200);
    const detail = rebooked.json().data as AdminBookingDetail;
    expect(detail.booking.legs[0]?.segments[0]?.depart_at).toBe(offer?.segments[0]?.depart_at);
    expect(detail.booking.disruptions[0]).toMatchObject({ resolution: 'rebooked' });
    expect(detail.booking.history.at(-1)?.by).toContain('(agency)');
    const audit = (await admin('GET', '/admin/audit?action=booking.disruption.rebook')).json().data.items;
    expect(audit[0]).toMatchObject({ entityId: heldByCustomer.pnr });
    const seen = await asTraveller(customer, 'GET', `/bookings/${heldByCustomer.pnr}`);
    expect(seen.json().data.legs[0].segments[0].depart_at).toBe(offer?.segments[0]?.depart_at);
  });
});

describe('a retimed flight', () => {
  it('tells the traveller the new time; the traveller or the agent accepts it', async () => {
    const mine = await holdBooking(t, customer, { days: 11 });
    const flightId = await flightOf(mine.pnr);
    // The agent's client flies the same flight (demand may have moved the cheapest offer).
    const sameFlight = (await findOffers(t, { cookie: sessions.sajiloAgent, days: 11 })).find(
      (o) =>
        o.segments[0]?.depart_at === mine.legs[0]?.segments[0]?.depart_at &&
        o.segments[0]?.flight_number === mine.legs[0]?.segments[0]?.flight_number,
    );
    if (!sameFlight) throw new Error('the agent finds no offer on the disrupted flight');
    const agentsHold = await postBooking(t, sessions.sajiloAgent, bookingBody([sameFlight]), randomUUID());
    expect(agentsHold.statusCode).toBe(200);
    const agents = agentsHold.json().data as Booking;
    const newTime = `${flightId.slice(-10)}T11:45`;
    const missingTime = await admin('POST', `/admin/flights/${flightId}/disruptions`, {
      change: 'retimed',
      note: 'New time',
    });
    expect(missingTime.statusCode).toBe(400);
    expect(missingTime.json().data.fields).toHaveProperty('newDepartureLocal');
    const marked = await admin('POST', `/admin/flights/${flightId}/disruptions`, {
      reason: 'operational',
      change: 'retimed',
      newDepartureLocal: newTime,
      note: 'The morning rotation moved to midday.',
    });
    expect(marked.statusCode).toBe(200);
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(like(emailOutbox.subject, `Flight time changed: booking ${mine.pnr}%`)));
    expect(mail?.text).toContain(`${newTime.replace('T', ' at ')} (local time)`);

    const accepted = await asTraveller(customer, 'POST', `/bookings/${mine.pnr}/disruption/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.disruptions[0]).toMatchObject({
      change: 'retimed',
      new_departure_local: newTime,
      resolution: 'accepted',
    });
    const twice = await asTraveller(customer, 'POST', `/bookings/${mine.pnr}/disruption/accept`);
    expect(twice.json().data.code).toBe('NO_OPEN_DISRUPTION');
    // Someone else's booking is not found, not answered.
    const foreign = await asTraveller(customer, 'POST', `/bookings/${agents.pnr}/disruption/accept`);
    expect(foreign.statusCode).toBe(404);

    const forClient = await admin('POST', `/admin/bookings/${agents.pnr}/disruption/accept`);
    expect(forClient.statusCode).toBe(200);
    expect((forClient.json().data as AdminBookingDetail).booking.disruptions[0]?.resolution).toBe('accepted');
    const audit = (await admin('GET', '/admin/audit?action=booking.disruption.accept')).json().data.items;
    expect(audit[0]).toMatchObject({ entityId: agents.pnr });
  });
});
