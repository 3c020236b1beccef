import { randomUUID } from 'node:crypto';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOptions, ChangeQuote } from '#shared/booking-changes';
import type { Booking, PaymentAction } from '#shared/bookings';
import type { TaxInvoice } from '#shared/finance';
import {
  bookingChangePayments,
  bookingChanges,
  emailOutbox,
  ledgerLines,
  paymentAttempts,
  refunds,
  seatHolds,
  taxInvoices,
} from '../../db/schema/index';
import { settlePendingPayments } from '../../domain/bookings/settle-payment/settle-pending-payments';
import { checkBooks } from '../../domain/ledger/check-books';
import { api, logInDemo } from '../../test/accounts';
import { asAdmin } from '../../test/admin';
import { findBookingInconsistencies, seatRows } from '../../test/booking-consistency';
import { bookingBody, findOffers, inDays, payBooking, postBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../test/payment-sandbox';

/**
 * A traveller pays a date change's amount due through a gateway (docs/bookings.md "Paying a
 * change through a gateway"): confirm with a method → pay at the gateway's sandbox → the verified
 * return applies the change (reissued tickets, invoice, ledger) once; an abandoned payment or a
 * payment after the seats' hold lapsed leaves the booking on its flight (the latter refunded).
 */
let t: SandboxTestApp;
let customer: string;
let agent: string;

beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  customer = await logInDemo(t, 'sajilo', 'customer');
  agent = await logInDemo(t, 'sajilo', 'agent');
}, 120_000);
afterAll(() => t.close());

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t, { method, url, cookie, ...(payload ? { payload } : {}) });

/** A traveller's Apex booking (changes allowed for a fee), KTM→PKR `days` ahead, paid through eSewa. */
async function ticketedApex(days: number): Promise<Booking> {
  const offer = (await findOffers(t, { cookie: customer, days })).find((o) => o.fare.family === 'Apex');
  if (!offer) throw new Error('no Apex offer');
  const held = await postBooking(t, customer, bookingBody([offer]), randomUUID());
  expect(held.statusCode, held.body).toBe(200);
  const pnr = held.json().data.pnr as string;
  const action = (await payBooking(t, customer, pnr, 'esewa')).json().data as PaymentAction;
  await followReturn(t.app, await payInSandbox(gatewayAction(action), 'pay'));
  const booking = (await call(customer, 'GET', `/bookings/${pnr}`)).json().data as Booking;
  expect(booking.status).toBe('ticketed');
  return booking;
}

/** The traveller's change options of leg 0 on `days` ahead: one that costs something. */
async function optionWithAmountDue(pnr: string, days: number) {
  const answer = await call(
    customer,
    'GET',
    `/bookings/${pnr}/change-options?leg_index=0&date=${inDays(days)}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  const option = (answer.json().data as ChangeOptions).options.find((o) => o.quote.amount_due > 0);
  if (!option) throw new Error('no change option with something to pay');
  return option;
}

async function confirmWith(pnr: string, offerId: string, method: string) {
  return call(customer, 'POST', `/bookings/${pnr}/change`, {
    leg_index: 0,
    offer_id: offerId,
    confirm: true,
    method,
  });
}

const flightsOf = (booking: Booking) => booking.legs[0]?.segments.map((s) => s.flight_number);

describe('a traveller pays the difference through eSewa', () => {
  let before: Booking;
  let option: ChangeOptions['options'][number];
  let returned: URL;

  beforeAll(async () => {
    before = await ticketedApex(30);
    option = await optionWithAmountDue(before.pnr, 33);
  });

  it('is quoted with the gateways to pay with', async () => {
    expect(option.quote).toMatchObject({
      payment: 'gateway',
      payment_methods: ['esewa', 'khalti', 'connectips'],
    });
    const quoted = await call(customer, 'POST', `/bookings/${before.pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
    });
    expect(quoted.json().data.quote).toMatchObject({
      amount_due: option.quote.amount_due,
      payment: 'gateway',
      payment_methods: ['esewa', 'khalti', 'connectips'],
    });
  });

  it('without a method is refused as before, naming the gateways', async () => {
    const refused = await call(customer, 'POST', `/bookings/${before.pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
      confirm: true,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({
      code: 'CHANGE_PAYMENT_UNAVAILABLE',
      payment_methods: ['esewa', 'khalti', 'connectips'],
    });
  });

  it('refuses an unknown method with 400 naming method, writing nothing', async () => {
    const bad = await confirmWith(before.pnr, option.offer.id, 'paypal');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('method');
    expect(await t.app.db.select().from(bookingChangePayments)).toEqual([]);
  });

  it('confirmed with esewa: the seats are held and the booking waits, unchanged, for the payment', async () => {
    const started = await confirmWith(before.pnr, option.offer.id, 'esewa');
    expect(started.statusCode, started.body).toBe(200);
    const data = started.json().data as { quote: ChangeQuote; booking: null; payment_action: PaymentAction };
    expect(data.booking).toBeNull();
    expect(data.quote.amount_due).toBe(option.quote.amount_due);
    expect(data.payment_action.type).toBe('form');
    const [pending] = await t.app.db.select().from(bookingChangePayments);
    expect(pending).toMatchObject({ status: 'pending', amount: option.quote.amount_due, gateway: 'esewa' });
    const [attempt] = await t.app.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, pending?.id ?? ''));
    // Exactly the difference and the fee, in paisa, as the quote says.
    expect(attempt).toMatchObject({ status: 'pending', amountPaisa: option.quote.amount_due });
    const [hold] = await t.app.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.locator, pending?.toLocator ?? ''));
    expect(hold?.status).toBe('held');
    const meanwhile = (await call(customer, 'GET', `/bookings/${before.pnr}`)).json().data as Booking;
    expect(flightsOf(meanwhile)).toEqual(flightsOf(before));
    // What the booking page waits on after the gateway sends the traveller back unconfirmed.
    expect(before.change_payment).toBeNull();
    expect(meanwhile.change_payment).toMatchObject({
      status: 'pending',
      gateway: 'esewa',
      amount: option.quote.amount_due,
      currency: 'NPR',
    });

    returned = await payInSandbox(gatewayAction(data.payment_action), 'pay');
    const landed = await followReturn(t.app, returned);
    expect(landed.pathname).toBe('/Booking/BookingConfirm');
    expect(Object.fromEntries(landed.searchParams)).toEqual({ pnr: before.pnr, change: 'success' });
  });

  it('paid: the booking is on the new flight, tickets reissued, invoiced, in the books and e-mailed', async () => {
    const after = (await call(customer, 'GET', `/bookings/${before.pnr}`)).json().data as Booking;
    expect(after.status).toBe('ticketed');
    expect(flightsOf(after)).toEqual(option.offer.segments.map((s) => s.flight_number));
    expect(after.change_payment?.status).toBe('applied');
    const open = after.tickets.filter((x) => x.status === 'open');
    expect(open).toHaveLength(before.tickets.length);
    expect(open.map((x) => x.reissued_from).sort()).toEqual(
      before.tickets.map((x) => x.ticket_number).sort(),
    );

    const changes = await t.app.db.select().from(bookingChanges);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({ paidWith: 'esewa', amount: option.quote.amount_due });
    const [pending] = await t.app.db.select().from(bookingChangePayments);
    expect(pending).toMatchObject({ status: 'applied', bookingChangeId: changes[0]?.id });

    const [invoiceRow] = await t.app.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.bookingChangeId, changes[0]?.id ?? ''));
    const invoice = await call(
      customer,
      'GET',
      `/bookings/${before.pnr}/invoices/${encodeURIComponent(invoiceRow?.number ?? '')}?format=json`,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect((invoice.json().data as TaxInvoice).total).toBe(option.quote.amount_due);

    const [attempt] = await t.app.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, pending?.id ?? ''));
    expect(attempt?.status).toBe('paid');
    const journal = await t.app.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amount })
      .from(ledgerLines)
      .where(eq(ledgerLines.paymentAttemptId, attempt?.id ?? ''));
    expect(journal.map((l) => l.amount).sort((a, b) => a - b)).toEqual([
      -option.quote.amount_due,
      option.quote.amount_due,
    ]);
    expect(journal.map((l) => l.account)).toContain('gateway:esewa');
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
    const mails = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${open[0]?.ticket_number}%`));
    expect(mails.length).toBeGreaterThan(0);
    expect(after.history.at(-1)?.note).toContain('paid through esewa');
  });

  it('a replayed return changes nothing more', async () => {
    const counts = async () => ({
      changes: (await t.app.db.select().from(bookingChanges)).length,
      invoices: (await t.app.db.select().from(taxInvoices)).length,
      lines: (await t.app.db.select().from(ledgerLines)).length,
      refunds: (await t.app.db.select().from(refunds)).length,
    });
    const first = await counts();
    const landed = await followReturn(t.app, returned);
    expect(landed.searchParams.get('change')).toBe('success');
    expect(await counts()).toEqual(first);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});

describe('other ways a change payment ends', () => {
  it('abandoned at Khalti: the booking keeps its flight, the held seats are released, nothing charged', async () => {
    const before = await ticketedApex(35);
    const option = await optionWithAmountDue(before.pnr, 37);
    const seatsBefore = await seatRows(t.app.db);
    const invoicesBefore = (await t.app.db.select().from(taxInvoices)).length;
    const started = await confirmWith(before.pnr, option.offer.id, 'khalti');
    expect(started.statusCode, started.body).toBe(200);
    const action = started.json().data.payment_action as PaymentAction;
    expect(action.type).toBe('redirect');
    const landed = await followReturn(t.app, await payInSandbox(gatewayAction(action), 'cancel'));
    expect(Object.fromEntries(landed.searchParams)).toEqual({ pnr: before.pnr, change: 'failed' });

    const after = (await call(customer, 'GET', `/bookings/${before.pnr}`)).json().data as Booking;
    expect(after.legs).toEqual(before.legs);
    expect(after.tickets).toEqual(before.tickets);
    const [pending] = await t.app.db
      .select()
      .from(bookingChangePayments)
      .where(eq(bookingChangePayments.bookingId, sql`(select id from bookings where pnr = ${before.pnr})`));
    expect(pending?.status).toBe('failed');
    const [hold] = await t.app.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.locator, pending?.toLocator ?? ''));
    expect(hold?.status).toBe('cancelled');
    const moved = [...(await seatRows(t.app.db)).values()].filter((row) => {
      const was = seatsBefore.get(row.key);
      return (was?.held ?? 0) !== row.held || (was?.sold ?? 0) !== row.sold;
    });
    expect(moved).toEqual([]);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
    expect((await t.app.db.select().from(taxInvoices)).length).toBe(invoicesBefore);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });

  it('paid after the seats’ hold lapsed: the booking keeps its flight and the whole payment is a refund due', async () => {
    const before = await ticketedApex(38);
    const option = await optionWithAmountDue(before.pnr, 40);
    const started = await confirmWith(before.pnr, option.offer.id, 'connectips');
    expect(started.statusCode, started.body).toBe(200);
    const action = started.json().data.payment_action as PaymentAction;
    const [pending] = await t.app.db
      .select()
      .from(bookingChangePayments)
      .where(eq(bookingChangePayments.bookingId, sql`(select id from bookings where pnr = ${before.pnr})`));
    // The traveller takes longer at the gateway than the hold lasts.
    await t.app.db
      .update(seatHolds)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(seatHolds.locator, pending?.toLocator ?? ''));
    const invoicesBefore = (await t.app.db.select().from(taxInvoices)).length;

    const landed = await followReturn(t.app, await payInSandbox(gatewayAction(action), 'pay'));
    expect(Object.fromEntries(landed.searchParams)).toEqual({ pnr: before.pnr, change: 'failed' });
    const after = (await call(customer, 'GET', `/bookings/${before.pnr}`)).json().data as Booking;
    expect(after.legs).toEqual(before.legs);
    expect(after.tickets).toEqual(before.tickets);
    expect(after.history.at(-1)?.note).toContain('to be refunded');
    expect(after.change_payment).toMatchObject({ status: 'failed', gateway: 'connectips' });
    expect((await t.app.db.select().from(taxInvoices)).length).toBe(invoicesBefore);

    const [attempt] = await t.app.db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.orderId, pending?.id ?? ''));
    expect(attempt?.status).toBe('paid');
    const [refund] = await t.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentReference, attempt?.reference ?? ''));
    expect(refund).toMatchObject({
      method: 'connectips',
      amount: option.quote.amount_due,
      status: 'pending',
      automatic: false,
    });
    const [failed] = await t.app.db
      .select()
      .from(bookingChangePayments)
      .where(eq(bookingChangePayments.id, pending?.id ?? ''));
    expect(failed?.status).toBe('failed');
    // The money is in the books (held by the gateway) until the refund is paid back.
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
  });

  it('paid at Khalti but never back: the reconcile job applies the change, and the console lists the payment', async () => {
    const before = await ticketedApex(44);
    const option = await optionWithAmountDue(before.pnr, 46);
    const started = await confirmWith(before.pnr, option.offer.id, 'khalti');
    expect(started.statusCode, started.body).toBe(200);
    // The payer pays and closes the tab: the gateway's return is never followed.
    await payInSandbox(gatewayAction(started.json().data.payment_action as PaymentAction), 'pay');
    const still = (await call(customer, 'GET', `/bookings/${before.pnr}`)).json().data as Booking;
    expect(still.legs).toEqual(before.legs);

    const summary = await settlePendingPayments(t.app.db, {
      gateways: t.app.payments.gateways,
      jobs: t.app.jobs,
      publicUrl: t.app.env.PUBLIC_URL,
      olderThanMinutes: 0,
    });
    expect(summary.paid).toBeGreaterThanOrEqual(1);
    const after = (await call(customer, 'GET', `/bookings/${before.pnr}`)).json().data as Booking;
    expect(flightsOf(after)).toEqual(option.offer.segments.map((s) => s.flight_number));
    expect(after.tickets.filter((x) => x.status === 'exchanged')).toHaveLength(before.tickets.length);

    const admin = await logInDemo(t, 'sajilo', 'admin');
    const detail = (await asAdmin(t, admin, 'GET', `/admin/bookings/${before.pnr}`)).json().data as {
      payments: { gateway: string; amount: number; status: string }[];
    };
    expect(detail.payments).toContainEqual(
      expect.objectContaining({ gateway: 'khalti', amount: option.quote.amount_due, status: 'paid' }),
    );
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });

  it('an agent pays from the wallet: a gateway method is refused with 400 PAYMENT_METHOD_UNAVAILABLE', async () => {
    const offer = (await findOffers(t, { cookie: agent, days: 41 })).find((o) => o.fare.family === 'Apex');
    if (!offer) throw new Error('no Apex offer');
    const held = await postBooking(t, agent, bookingBody([offer]), randomUUID());
    const pnr = held.json().data.pnr as string;
    expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
    const options = (
      await call(agent, 'GET', `/bookings/${pnr}/change-options?leg_index=0&date=${inDays(43)}`)
    ).json().data as ChangeOptions;
    const option = options.options.find((o) => o.quote.amount_due > 0);
    if (!option) throw new Error('no option');
    expect(option.quote).toMatchObject({ payment: 'wallet', payment_methods: [] });
    const refused = await call(agent, 'POST', `/bookings/${pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
      confirm: true,
      method: 'esewa',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data).toMatchObject({ code: 'PAYMENT_METHOD_UNAVAILABLE', methods: [] });
  });
});
