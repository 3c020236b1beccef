import { Duffel } from '@duffel/api';
import type { OrderChangeOffer } from '@duffel/api/types';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChangeOptions } from '#shared/booking-changes';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { bookingChanges, bookings, supplierChangeChecks, walletEntries } from '../../db/schema/index';
import { dateOf, todayInNepal } from '../../domain/flight-engine/calendar';
import { checkBooks } from '../../domain/ledger/check-books';
import { runJob } from '../../jobs/run-all-jobs';
import {
  type DuffelSandbox,
  NO_FAULTS,
  type ReceivedRequest,
  startDuffelSandbox,
} from '../../suppliers/duffel-sandbox/duffel-sandbox';
import { api, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import { adult, bookingBody, findOffers, payBooking, postBooking, walletOf } from '../../test/bookings';
import { PUBLISHED_CHANGE_OFFER as PUBLISHED } from '../../test/duffel-published-examples';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Date change of a Duffel booking over HTTP: Tikat asks Duffel (the stand-in) for an order change
 * request for the leg's slice on the new date, quotes the matching change offer's penalty and
 * change total in NPR, and on confirmation makes the pending order change, pays its change total
 * from the Duffel balance and reissues the leg with the order's new e-tickets, paid from the
 * agent's wallet. A refusal or an expired change offer leaves the booking and the wallet as they were.
 */
let t: TestApp;
let sandbox: DuffelSandbox;
let duffel: Duffel;
let agent: string;
const TOKEN = 'duffel_test_changes';
const SUPPLIER_TIMEOUT_MS = 6000;
const AGENT_EMAIL = 'agent@sajilo.example';
const bookedDay = todayInNepal() + 40;

beforeAll(async () => {
  sandbox = await startDuffelSandbox();
  duffel = new Duffel({ token: TOKEN, basePath: sandbox.url });
  t = await createTestApp({
    DUFFEL_ACCESS_TOKEN: TOKEN,
    DUFFEL_API_URL: sandbox.url,
    SUPPLIER_TIMEOUT_MS: String(SUPPLIER_TIMEOUT_MS),
  });
  agent = await logInDemo(t, 'sajilo', 'agent');
  await topUpWallet(t.database.db, AGENT_EMAIL, 200_000_000);
});
afterAll(async () => {
  await t.close();
  await sandbox.close();
});
beforeEach(() => Object.assign(sandbox.faults, NO_FAULTS));

async function duffelOffers(day: number): Promise<FlightOffer[]> {
  const response = await api(t, {
    method: 'POST',
    url: '/flights/search',
    cookie: agent,
    payload: {
      depart_code: 'KTM',
      dest_code: 'LHR',
      depart_date: dateOf(day),
      nationality_code: 'NP',
      user_type: 'agent',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.legs[0].offers as FlightOffer[]).filter((o) => o.supplier === 'duffel');
}

const flightsOf = (offer: FlightOffer) => offer.segments.map((s) => s.flight_number.replace(/\s+/g, ''));

/** A ticketed Duffel booking to London in the Economy Classic brand (changes allowed at a penalty). */
async function ticketedDuffelBooking(): Promise<{ booking: Booking; offer: FlightOffer }> {
  const offer = (await duffelOffers(bookedDay)).find(
    (o) => o.supplier_quote?.instant_payment_required === false && o.fare.family === 'Economy Classic',
  );
  if (!offer) throw new Error('no holdable Economy Classic Duffel offer to London');
  const held = await postBooking(
    t,
    agent,
    bookingBody(
      [offer],
      [
        adult({
          first_name: 'Sita',
          last_name: 'Gurung',
          title: 'Ms',
          gender: 'female',
          date_of_birth: '1994-02-11',
          passport_number: 'PA7654321',
          passport_expiry: '2031-06-30',
        }),
      ],
    ),
  );
  expect(held.statusCode, held.body).toBe(200);
  const paid = await payBooking(t, agent, (held.json().data as Booking).pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  const booking = paid.json().data.booking as Booking;
  expect(booking.status).toBe('ticketed');
  return { booking, offer };
}

/** The same flights two days later, as a search shows them. */
async function laterOffer(booked: FlightOffer): Promise<FlightOffer> {
  const later = (await duffelOffers(bookedDay + 2)).find(
    (o) => flightsOf(o).join() === flightsOf(booked).join() && o.fare.family === booked.fare.family,
  );
  if (!later) throw new Error('no offer on the same flights two days later');
  return later;
}

const change = (pnr: string, offer: FlightOffer, confirm: boolean) =>
  api(t, {
    method: 'POST',
    url: `/bookings/${pnr}/change`,
    cookie: agent,
    payload: { leg_index: 0, offer_id: offer.id, confirm },
  });

const sent = (method: string, pattern: RegExp) =>
  sandbox.received.filter((r) => r.method === method && pattern.test(r.path));
const dataOf = (request: ReceivedRequest | undefined) => {
  if (!request) throw new Error('Tikat did not send that request to Duffel');
  return (request.body as { data: Record<string, unknown> }).data;
};
const pence = (amount: string) => Math.round(Number(amount) * 100);

/** The booking's pending-verification records (supplier_change_checks). */
async function checksOf(pnr: string) {
  return t.database.db
    .select({
      status: supplierChangeChecks.status,
      orderId: supplierChangeChecks.orderId,
      paidWith: supplierChangeChecks.paidWith,
      attempts: supplierChangeChecks.attempts,
      orderChangeId: supplierChangeChecks.orderChangeId,
      nextCheckAt: supplierChangeChecks.nextCheckAt,
    })
    .from(supplierChangeChecks)
    .innerJoin(bookings, eq(bookings.id, supplierChangeChecks.bookingId))
    .where(eq(bookings.pnr, pnr));
}

/** Every pending check due now (the job's back-off skipped). */
const makeDue = () =>
  t.database.db.update(supplierChangeChecks).set({ nextCheckAt: new Date(Date.now() - 1000) });

async function bookingNow(pnr: string): Promise<Booking> {
  const response = await api(t, { method: 'GET', url: `/bookings/${pnr}`, cookie: agent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Booking;
}

describe('changing the date of a Duffel booking', () => {
  it('quotes Duffel’s penalty and change total in NPR, then confirms the order change, pays it and reissues the leg', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;

    const quoted = await change(booking.pnr, later, false);
    expect(quoted.statusCode, quoted.body).toBe(200);
    // Tikat asked Duffel for the order's slice on the new date and listed the request's offers.
    const request = dataOf(sent('POST', /^\/air\/order_change_requests$/).at(-1));
    const order = (await duffel.orders.get(orderId)).data;
    expect(request).toEqual({
      order_id: orderId,
      slices: {
        remove: [{ slice_id: order.slices[0]?.id }],
        add: [
          {
            origin: 'KTM',
            destination: 'LHR',
            departure_date: dateOf(bookedDay + 2),
            cabin_class: 'economy',
          },
        ],
      },
    });
    const listed = sandbox.received.filter(
      (r) => r.method === 'GET' && r.path === '/air/order_change_offers',
    );
    expect(listed.length).toBeGreaterThan(0);
    // Duffel's own answer for the same change: the offer on the chosen flights.
    const own = (
      await duffel.orderChangeRequests.create({
        order_id: orderId,
        slices: {
          remove: [{ slice_id: order.slices[0]?.id as string }],
          add: [
            {
              origin: 'KTM',
              destination: 'LHR',
              departure_date: dateOf(bookedDay + 2),
              cabin_class: 'economy',
            },
          ],
        },
      })
    ).data;
    const match = own.order_change_offers.find(
      (o) =>
        o.slices.add[0]?.segments
          .map((s) => `${s.marketing_carrier.iata_code}${s.marketing_carrier_flight_number}`)
          .join() === flightsOf(later).join(),
    ) as unknown as OrderChangeOffer | undefined;
    if (!match?.penalty_amount || !match.change_total_amount || !match.new_total_amount)
      throw new Error('Duffel offers no change to the chosen flights');
    const rate = offer.supplier_quote?.rate?.npr ?? 0;
    expect(rate).toBe(18_650);
    const npr = (amount: string) => Math.round((pence(amount) * rate) / 100);
    const changeFee = npr(match.penalty_amount);
    const fareDifference = Math.max(0, npr(match.change_total_amount) - changeFee);
    expect(changeFee).toBeGreaterThan(0);
    expect(quoted.json().data.quote).toMatchObject({
      currency: 'NPR',
      change_fee: changeFee,
      fare_difference: fareDifference,
      amount_due: changeFee + fareDifference,
      new_fare: npr(match.new_total_amount),
      old_fare: booking.price.total,
      payment: 'wallet',
      to_flights: later.segments.map(
        (s) => `${s.flight_number.replace(/\s+/g, '')}-${s.depart_at.slice(0, 10)}`,
      ),
    });
    // A quote changes nothing at Duffel.
    expect(sent('POST', /^\/air\/order_changes/)).toHaveLength(0);

    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    const confirmed = await change(booking.pnr, later, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const due = confirmed.json().data.quote.amount_due as number;
    expect(due).toBe(changeFee + fareDifference);
    // A pending order change from the chosen change offer, confirmed with its change total from the balance.
    const pending = dataOf(sent('POST', /^\/air\/order_changes$/).at(-1));
    expect(pending.selected_order_change_offer).toMatch(/^oco_/);
    const confirmation = sent('POST', /^\/air\/order_changes\/[^/]+\/actions\/confirm$/);
    expect(confirmation).toHaveLength(1);
    const afterChange = (await duffel.orders.get(orderId)).data;
    expect(dataOf(confirmation[0])).toEqual({
      payment: {
        type: 'balance',
        amount: expect.stringMatching(/^-?\d+\.\d{2}$/),
        currency: 'GBP',
      },
    });
    const paidAmount = (dataOf(confirmation[0]).payment as { amount: string }).amount;
    expect(Math.max(0, npr(paidAmount) - changeFee)).toBe(fareDifference);

    const changed = confirmed.json().data.booking as Booking;
    expect(changed.legs[0]?.segments.map((s) => s.depart_at.slice(0, 10))).toEqual(
      later.segments.map((s) => s.depart_at.slice(0, 10)),
    );
    // The old e-ticket exchanged; the order's new e-ticket issued citing it, on both flights.
    const eTicket = afterChange.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
    const oldTicket = booking.tickets[0]?.ticket_number;
    expect(eTicket).toMatch(/^\d{13}$/);
    expect(eTicket).not.toBe(oldTicket);
    expect(
      changed.tickets
        .filter((x) => x.status === 'open')
        .map((x) => [x.ticket_number, x.segment_index, x.reissued_from])
        .sort((a, b) => Number(a[1]) - Number(b[1])),
    ).toEqual([
      [eTicket, 0, oldTicket],
      [eTicket, 1, oldTicket],
    ]);
    expect(changed.tickets.filter((x) => x.status === 'exchanged')).toHaveLength(2);
    expect(changed.airline_reference).toBe(afterChange.booking_reference);
    // Paid from the wallet, in the ledger.
    const walletAfter = await walletOf(t.database.db, AGENT_EMAIL);
    expect(walletAfter.balance).toBe(walletBefore.balance - due);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    const debits = await t.database.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.kind, 'change_debit'));
    expect(debits.map((d) => d.amount)).toContain(-due);
    expect(confirmed.json().data.invoice_number).toBeTruthy();
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  });

  it('Duffel offering no change, or refusing to confirm it: a clear error and the booking and wallet as they were', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);

    const changesBefore = (await t.database.db.select().from(bookingChanges)).length;
    sandbox.faults.noChangeOffers = true;
    const none = await change(booking.pnr, later, false);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ success: false, data: { code: 'CHANGE_REFUSED' } });

    sandbox.faults.noChangeOffers = false;
    sandbox.faults.failChanges = true;
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    const confirmsBefore = sent('POST', /^\/air\/order_changes\/[^/]+\/actions\/confirm$/).length;
    const refused = await change(booking.pnr, later, true);
    // Duffel was asked to confirm, and refused.
    expect(sent('POST', /^\/air\/order_changes\/[^/]+\/actions\/confirm$/)).toHaveLength(confirmsBefore + 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ success: false, data: { code: 'CHANGE_REFUSED' } });
    expect(refused.body).not.toContain(TOKEN);
    const after = await bookingNow(booking.pnr);
    expect(after.legs).toEqual(booking.legs);
    expect(after.tickets).toEqual(booking.tickets);
    expect(await walletOf(t.database.db, AGENT_EMAIL)).toEqual(walletBefore);
    expect(await t.database.db.select().from(bookingChanges)).toHaveLength(changesBefore);
  });

  it('an expired change offer: OFFER_EXPIRED and nothing changed, here or at Duffel', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;
    const before = (await duffel.orders.get(orderId)).data;

    const changesBefore = (await t.database.db.select().from(bookingChanges)).length;
    sandbox.faults.expireChangeOffers = true;
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    const pendingBefore = sent('POST', /^\/air\/order_changes$/).length;
    const expired = await change(booking.pnr, later, true);
    expect(sent('POST', /^\/air\/order_changes$/)).toHaveLength(pendingBefore + 1);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ success: false, data: { code: 'OFFER_EXPIRED' } });
    const after = await bookingNow(booking.pnr);
    expect(after.legs).toEqual(booking.legs);
    expect(after.tickets).toEqual(booking.tickets);
    expect(await walletOf(t.database.db, AGENT_EMAIL)).toEqual(walletBefore);
    expect((await duffel.orders.get(orderId)).data.slices).toEqual(before.slices);
    expect(await t.database.db.select().from(bookingChanges)).toHaveLength(changesBefore);
  });

  it('Duffel confirming the change but answering after our timeout (or dropping the connection after it): Tikat asks Duffel, finds it confirmed and applies it', async () => {
    for (const fault of ['late', 'dropped'] as const) {
      Object.assign(sandbox.faults, NO_FAULTS);
      const { booking, offer } = await ticketedDuffelBooking();
      const later = await laterOffer(offer);
      const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;
      const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
      if (fault === 'late') sandbox.faults.changeConfirmDelayMs = SUPPLIER_TIMEOUT_MS + 500;
      else sandbox.faults.changeConfirmDrop = 'after';
      const checksBefore = sent('GET', /^\/air\/order_changes\/[^/]+$/).length;
      const slow = await change(booking.pnr, later, true);
      expect(slow.statusCode, `${fault}: ${slow.body}`).toBe(200);
      // Tikat asked Duffel what became of the order change it had confirmed.
      const checks = sent('GET', /^\/air\/order_changes\/[^/]+$/);
      expect(checks.length, fault).toBe(checksBefore + 1);
      const changeId = sent('POST', /^\/air\/order_changes\/[^/]+\/actions\/confirm$/)
        .at(-1)
        ?.path.split('/')[3];
      expect(checks.at(-1)?.path).toBe(`/air/order_changes/${changeId}`);
      const changed = slow.json().data.booking as Booking;
      expect(changed.legs[0]?.segments.map((x) => x.depart_at.slice(0, 10))).toEqual(
        later.segments.map((x) => x.depart_at.slice(0, 10)),
      );
      const order = (await duffel.orders.get(orderId)).data;
      const eTicket = order.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
      expect(changed.tickets.filter((x) => x.status === 'open').map((x) => x.ticket_number)).toEqual([
        eTicket,
        eTicket,
      ]);
      const due = slow.json().data.quote.amount_due as number;
      expect(due).toBeGreaterThan(0);
      const walletAfter = await walletOf(t.database.db, AGENT_EMAIL);
      expect(walletAfter.balance).toBe(walletBefore.balance - due);
      expect(walletAfter.ledger).toBe(walletAfter.balance);
    }
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  }, 60_000);

  it('the connection dropped before Duffel confirmed: Tikat asks, Duffel has not made it yet but still may, so it is pending with the debit held; once the order change expires unmade the job rolls it back and gives the debit back', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;
    const before = (await duffel.orders.get(orderId)).data;
    const changesBefore = (await t.database.db.select().from(bookingChanges)).length;
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    sandbox.faults.changeConfirmDrop = 'before';
    const checksBefore = sent('GET', /^\/air\/order_changes\/[^/]+$/).length;
    const startedAt = Date.now();
    const dropped = await change(booking.pnr, later, true);
    // Tikat asked Duffel what became of it: not confirmed, but its order change has not expired.
    expect(sent('GET', /^\/air\/order_changes\/[^/]+$/)).toHaveLength(checksBefore + 1);
    expect(dropped.statusCode, dropped.body).toBe(504);
    expect(dropped.json()).toMatchObject({
      success: false,
      data: { code: 'CHANGE_PENDING_CONFIRMATION', supplier: 'duffel', currency: 'NPR' },
    });
    const due = dropped.json().data.amount_due as number;
    expect(due).toBeGreaterThan(0);
    const meanwhile = await bookingNow(booking.pnr);
    expect(meanwhile.legs).toEqual(booking.legs);
    expect(meanwhile.tickets).toEqual(booking.tickets);
    expect((await walletOf(t.database.db, AGENT_EMAIL)).balance).toBe(walletBefore.balance - due);
    const [check] = await checksOf(booking.pnr);
    expect(check).toMatchObject({ status: 'pending', orderId, paidWith: 'wallet' });
    const changeId = check?.orderChangeId ?? '';
    const confirmPath = sent('POST', /^\/air\/order_changes\/[^/]+\/actions\/confirm$/).at(-1)?.path;
    expect(confirmPath).toBe(`/air/order_changes/${changeId}/actions/confirm`);
    // Asked again a minute on (the order change expires in half an hour).
    expect(check?.nextCheckAt.getTime()).toBeGreaterThanOrEqual(startedAt + 59_000);
    expect(check?.nextCheckAt.getTime()).toBeLessThan(Date.now() + 61_000);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);

    // Still not made, still confirmable: the job leaves it pending.
    Object.assign(sandbox.faults, NO_FAULTS);
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 0, rolledBack: 0, pending: 1 },
    });
    expect((await checksOf(booking.pnr))[0]).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await walletOf(t.database.db, AGENT_EMAIL)).balance).toBe(walletBefore.balance - due);

    // Its expiry nearer than the back-off: asked again just after the expiry, when the answer is final.
    const expiresAt = Date.now() + 10_000;
    sandbox.expireOrderChange(changeId, new Date(expiresAt));
    await makeDue();
    const askedAt = Date.now();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 0, rolledBack: 0, pending: 1 },
    });
    const [waiting] = await checksOf(booking.pnr);
    expect(waiting?.nextCheckAt.getTime()).toBeGreaterThan(expiresAt);
    expect(waiting?.nextCheckAt.getTime()).toBeLessThan(askedAt + 4 * 60_000);
    expect(waiting?.nextCheckAt.getTime()).toBeLessThanOrEqual(expiresAt + 2 * 60_000);

    // Expired unmade: rolled back, the debit given back, the booking and Duffel's order as they were.
    sandbox.expireOrderChange(changeId);
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 0, rolledBack: 1, pending: 0 },
    });
    expect((await checksOf(booking.pnr))[0]?.status).toBe('rolled_back');
    const after = await bookingNow(booking.pnr);
    expect(after.legs).toEqual(booking.legs);
    expect(after.tickets).toEqual(booking.tickets);
    expect(after.history.map((e) => e.note ?? '').join('\n')).toContain('did not make the date change');
    const walletAfter = await walletOf(t.database.db, AGENT_EMAIL);
    expect(walletAfter.balance).toBe(walletBefore.balance);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    expect(await t.database.db.select().from(bookingChanges)).toHaveLength(changesBefore);
    expect((await duffel.orders.get(orderId)).data.slices).toEqual(before.slices);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  }, 60_000);

  it('the connection dropped before Duffel confirmed, and Duffel confirms a moment after our check: pending, then applied by the job, the wallet debited once', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;
    const changesBefore = (await t.database.db.select().from(bookingChanges)).length;
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    sandbox.faults.changeConfirmDrop = 'before';
    const dropped = await change(booking.pnr, later, true);
    expect(dropped.statusCode, dropped.body).toBe(504);
    expect(dropped.json().data.code).toBe('CHANGE_PENDING_CONFIRMATION');
    const due = dropped.json().data.amount_due as number;
    const [check] = await checksOf(booking.pnr);
    expect(check?.status).toBe('pending');
    expect((await bookingNow(booking.pnr)).legs).toEqual(booking.legs);

    // Duffel finishes our confirmation after Tikat asked: the order changed there.
    Object.assign(sandbox.faults, NO_FAULTS);
    sandbox.confirmLostChange(check?.orderChangeId ?? '');
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 1, rolledBack: 0, pending: 0 },
    });
    expect((await checksOf(booking.pnr))[0]?.status).toBe('applied');
    const changed = await bookingNow(booking.pnr);
    expect(changed.legs[0]?.segments.map((x) => x.depart_at.slice(0, 10))).toEqual(
      later.segments.map((x) => x.depart_at.slice(0, 10)),
    );
    const order = (await duffel.orders.get(orderId)).data;
    const eTicket = order.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
    expect(changed.tickets.filter((x) => x.status === 'open').map((x) => x.ticket_number)).toEqual([
      eTicket,
      eTicket,
    ]);
    expect(await t.database.db.select().from(bookingChanges)).toHaveLength(changesBefore + 1);
    // Debited once, by the debit held; nothing given back.
    const walletAfter = await walletOf(t.database.db, AGENT_EMAIL);
    expect(walletAfter.balance).toBe(walletBefore.balance - due);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    const entries = await t.database.db
      .select({ kind: walletEntries.kind, amount: walletEntries.amount })
      .from(walletEntries)
      .innerJoin(bookings, eq(bookings.id, walletEntries.bookingId))
      .where(eq(bookings.pnr, booking.pnr));
    expect(entries.filter((e) => e.kind === 'change_debit')).toEqual([
      { kind: 'change_debit', amount: -due },
    ]);
    expect(entries.filter((e) => e.kind === 'refund_credit')).toEqual([]);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  }, 60_000);

  it('Duffel unreachable after the confirmation, the change made there: pending, the debit held, then applied by the reconcile job', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    sandbox.faults.unreachableAfterChangeConfirm = true;
    const lost = await change(booking.pnr, later, true);
    expect(lost.statusCode, lost.body).toBe(504);
    expect(lost.json()).toMatchObject({
      success: false,
      data: { code: 'CHANGE_PENDING_CONFIRMATION', supplier: 'duffel', currency: 'NPR' },
    });
    const due = lost.json().data.amount_due as number;
    expect(due).toBeGreaterThan(0);
    // The booking keeps its flight for now; the wallet's debit is held; the history says why.
    const meanwhile = await bookingNow(booking.pnr);
    expect(meanwhile.legs).toEqual(booking.legs);
    expect(meanwhile.tickets).toEqual(booking.tickets);
    expect((await walletOf(t.database.db, AGENT_EMAIL)).balance).toBe(walletBefore.balance - due);
    const [check] = await checksOf(booking.pnr);
    expect(check).toMatchObject({ status: 'pending', orderId, paidWith: 'wallet' });
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
    // Another change of the leg waits for this one.
    sandbox.faults.unreachable = false;
    sandbox.faults.unreachableAfterChangeConfirm = false;
    const again = await change(booking.pnr, later, false);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().data).toMatchObject({ code: 'CHANGE_NOT_ALLOWED', rule: 'change_being_confirmed' });

    // Still unreachable: the job leaves it pending and asks again later.
    sandbox.faults.unreachable = true;
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 0, rolledBack: 0, pending: 1 },
    });
    expect((await checksOf(booking.pnr))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    sandbox.faults.unreachable = false;
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 1, rolledBack: 0, pending: 0 },
    });
    expect((await checksOf(booking.pnr))[0]?.status).toBe('applied');
    const changed = await bookingNow(booking.pnr);
    expect(changed.legs[0]?.segments.map((x) => x.depart_at.slice(0, 10))).toEqual(
      later.segments.map((x) => x.depart_at.slice(0, 10)),
    );
    const order = (await duffel.orders.get(orderId)).data;
    const eTicket = order.documents?.find((d) => d.type === 'electronic_ticket')?.unique_identifier;
    expect(changed.tickets.filter((x) => x.status === 'open').map((x) => x.ticket_number)).toEqual([
      eTicket,
      eTicket,
    ]);
    expect(changed.tickets.filter((x) => x.status === 'exchanged')).toHaveLength(2);
    // Paid by the debit already taken: nothing debited or given back twice.
    const walletAfter = await walletOf(t.database.db, AGENT_EMAIL);
    expect(walletAfter.balance).toBe(walletBefore.balance - due);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
    // A second pass finds nothing to do.
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 0, rolledBack: 0, pending: 0 },
    });
  }, 60_000);

  it('Duffel unreachable after the confirmation, the change not made there: pending, then rolled back by the reconcile job with the debit given back', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    const changesBefore = (await t.database.db.select().from(bookingChanges)).length;
    sandbox.faults.changeConfirmDrop = 'before';
    sandbox.faults.unreachableAfterChangeConfirm = true;
    const lost = await change(booking.pnr, later, true);
    expect(lost.statusCode, lost.body).toBe(504);
    expect(lost.json().data.code).toBe('CHANGE_PENDING_CONFIRMATION');
    const due = lost.json().data.amount_due as number;
    expect((await walletOf(t.database.db, AGENT_EMAIL)).balance).toBe(walletBefore.balance - due);

    // Reachable again once the order change has expired unmade: it can no longer be, so rolled back.
    Object.assign(sandbox.faults, NO_FAULTS);
    sandbox.expireOrderChange((await checksOf(booking.pnr))[0]?.orderChangeId ?? '');
    await makeDue();
    expect(await runJob(t.app, 'bookings.verify-supplier-changes')).toEqual({
      supplierChanges: { applied: 0, rolledBack: 1, pending: 0 },
    });
    expect((await checksOf(booking.pnr))[0]?.status).toBe('rolled_back');
    const after = await bookingNow(booking.pnr);
    expect(after.legs).toEqual(booking.legs);
    expect(after.tickets).toEqual(booking.tickets);
    expect(after.history.map((e) => e.note ?? '').join('\n')).toContain('did not make the date change');
    const walletAfter = await walletOf(t.database.db, AGENT_EMAIL);
    expect(walletAfter.balance).toBe(walletBefore.balance);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    const credits = await t.database.db
      .select()
      .from(walletEntries)
      .where(eq(walletEntries.kind, 'refund_credit'));
    expect(credits.map((c) => c.amount)).toContain(due);
    expect(await t.database.db.select().from(bookingChanges)).toHaveLength(changesBefore);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
    // The leg may be changed again.
    const again = await change(booking.pnr, later, false);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('change options of a Duffel leg: Duffel’s change offers for the date, priced as the change is, each confirmable through the change route', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const later = await laterOffer(offer);
    const orderId = dataOf(sent('POST', /^\/air\/payments$/).at(-1)).order_id as string;
    const rate = offer.supplier_quote?.rate?.npr ?? 0;
    const npr = (amount: string) => Math.round((pence(amount) * rate) / 100);
    const options = async () => {
      const requestsBefore = sent('POST', /^\/air\/order_change_requests$/).length;
      const response = await api(t, {
        method: 'GET',
        url: `/bookings/${booking.pnr}/change-options?leg_index=0&date=${dateOf(bookedDay + 2)}`,
        cookie: agent,
      });
      expect(response.statusCode, response.body).toBe(200);
      // One order change request for the leg's slice on the date, its offers listed.
      expect(sent('POST', /^\/air\/order_change_requests$/)).toHaveLength(requestsBefore + 1);
      expect(dataOf(sent('POST', /^\/air\/order_change_requests$/).at(-1))).toMatchObject({
        order_id: orderId,
        slices: { add: [{ origin: 'KTM', destination: 'LHR', departure_date: dateOf(bookedDay + 2) }] },
      });
      return response.json().data as ChangeOptions;
    };

    // Published example amounts on every change offer: Tikat reads them as Duffel states them.
    sandbox.faults.changeOfferAmounts = {
      penalty_amount: PUBLISHED.penalty_amount as string,
      change_total_amount: PUBLISHED.change_total_amount as string,
      new_total_amount: PUBLISHED.new_total_amount as string,
    };
    const listed = await options();
    expect(listed.options.length).toBeGreaterThan(0);
    const ownRequest = (
      await duffel.orderChangeRequests.create({
        order_id: orderId,
        slices: {
          remove: [{ slice_id: (await duffel.orders.get(orderId)).data.slices[0]?.id as string }],
          add: [
            {
              origin: 'KTM',
              destination: 'LHR',
              departure_date: dateOf(bookedDay + 2),
              cabin_class: 'economy',
            },
          ],
        },
      })
    ).data;
    // The stand-in's change offers have the published example's shape (every field it names).
    for (const changeOffer of ownRequest.order_change_offers)
      expect(Object.keys(changeOffer)).toEqual(expect.arrayContaining(Object.keys(PUBLISHED)));
    const changeFee = npr(PUBLISHED.penalty_amount as string);
    for (const option of listed.options) {
      expect(option.offer.supplier).toBe('duffel');
      expect(option.offer.segments[0]?.depart_at.slice(0, 10)).toBe(dateOf(bookedDay + 2));
      expect(Date.parse(option.expires_at ?? '')).toBeGreaterThan(Date.now());
      expect(option.quote).toMatchObject({
        currency: 'NPR',
        change_fee: changeFee,
        fare_difference: Math.max(0, npr(PUBLISHED.change_total_amount as string) - changeFee),
        new_fare: npr(PUBLISHED.new_total_amount as string),
        amount_due: changeFee + Math.max(0, npr(PUBLISHED.change_total_amount as string) - changeFee),
        payment: 'wallet',
        payment_methods: [],
      });
    }
    // Each of Duffel's change offers on the flights a search shows is listed, once.
    const flightsListed = listed.options.map((o) => flightsOf(o.offer).join());
    expect(new Set(flightsListed).size).toBe(flightsListed.length);
    expect(flightsListed).toContain(flightsOf(later).join());

    // Duffel's own amounts: the quote listed is the quote the change route gives and charges.
    sandbox.faults.changeOfferAmounts = null;
    const own = (await options()).options.find((o) => flightsOf(o.offer).join() === flightsOf(later).join());
    if (!own) throw new Error('the later flight is not listed');
    const quoted = await change(booking.pnr, own.offer, false);
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data.quote).toEqual(own.quote);
    const walletBefore = await walletOf(t.database.db, AGENT_EMAIL);
    const confirmed = await change(booking.pnr, own.offer, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.quote.amount_due).toBe(own.quote.amount_due);
    const changed = confirmed.json().data.booking as Booking;
    expect(changed.legs[0]?.segments.map((x) => x.flight_number)).toEqual(
      own.offer.segments.map((x) => x.flight_number),
    );
    expect(changed.legs[0]?.segments[0]?.depart_at.slice(0, 10)).toBe(dateOf(bookedDay + 2));
    expect((await walletOf(t.database.db, AGENT_EMAIL)).balance).toBe(
      walletBefore.balance - own.quote.amount_due,
    );

    // Duffel offering no change for a date: no options, and no house flight offered instead.
    sandbox.faults.noChangeOffers = true;
    const none = await api(t, {
      method: 'GET',
      url: `/bookings/${booking.pnr}/change-options?leg_index=0&date=${dateOf(bookedDay + 3)}`,
      cookie: agent,
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data.options).toEqual([]);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
  });

  it('the flight already booked, or a Duffel leg moved to a house flight: refused naming the field, Duffel not asked', async () => {
    const { booking, offer } = await ticketedDuffelBooking();
    const same = (await duffelOffers(bookedDay)).find(
      (o) => flightsOf(o).join() === flightsOf(offer).join() && o.fare.family === offer.fare.family,
    );
    if (!same) throw new Error('no offer on the booked flights');
    const requestsBefore = sent('POST', /^\/air\/order_change_requests$/).length;
    const again = await change(booking.pnr, same, false);
    expect(again.statusCode).toBe(400);
    expect(again.json().data.fields).toHaveProperty('offer_id');
    const [houseOffer] = await findOffers(t, { cookie: agent, days: 41 });
    if (!houseOffer) throw new Error('no house offer');
    const house = await change(booking.pnr, houseOffer, false);
    expect(house.statusCode).toBe(422);
    expect(house.json().data.code).toBe('CHANGE_NOT_SUPPORTED');
    expect(sent('POST', /^\/air\/order_change_requests$/)).toHaveLength(requestsBefore);
  });
});
