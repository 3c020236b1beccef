import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRow, SalesReport } from '#shared/admin-money';
import type { ChangeOptions, ChangeQuote } from '#shared/booking-changes';
import type { Booking, PaymentAction } from '#shared/bookings';
import { queryRows } from '../../../db/client';
import { bookingChangePayments, bookings, seatHolds } from '../../../db/schema/index';
import { dateOf, todayInNepal } from '../../../domain/flight-engine/calendar';
import { checkBooks } from '../../../domain/ledger/check-books';
import { postWalletEntry } from '../../../domain/wallet/post-wallet-entry';
import { api, demoUserEmail, logInDemo } from '../../../test/accounts';
import { asAdmin } from '../../../test/admin';
import { bookingBody, findOffers, inDays, payBooking, postBooking, walletOf } from '../../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../../test/payment-sandbox';

/**
 * Date changes in the sales report (docs/admin.md "Reports"): the money taken for changes — from
 * an agent's wallet, through a traveller's gateway payment and collected by the agency — is
 * change revenue beside sales, per day the change was made, and equals what the books' change
 * journals credit to sales; a change payment that arrived too late is listed as owed back, never
 * as revenue.
 */
let t: SandboxTestApp;
let agent: string;
let customer: string;
let admin: string;
const today = dateOf(todayInNepal());
const threeDaysAgo = dateOf(todayInNepal() - 3);
/** Every booking's price when sold: a change never adds to `sales`. */
let sales = 0;
const quotes: { wallet?: ChangeQuote; esewa?: ChangeQuote; agency?: ChangeQuote; late?: ChangeQuote } = {};

const call = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t, { method, url, cookie, ...(payload ? { payload } : {}) });

/** A ticketed Apex booking KTM→PKR `days` ahead (changes allowed for a fee): wallet or eSewa. */
async function ticketedApex(cookie: string, days: number, method: 'wallet' | 'esewa'): Promise<Booking> {
  const offer = (await findOffers(t, { cookie, days })).find((o) => o.fare.family === 'Apex');
  if (!offer) throw new Error('no Apex offer');
  const held = await postBooking(t, cookie, bookingBody([offer]), randomUUID());
  expect(held.statusCode, held.body).toBe(200);
  const pnr = held.json().data.pnr as string;
  const paid = await payBooking(t, cookie, pnr, method);
  expect(paid.statusCode, paid.body).toBe(200);
  if (method === 'esewa') {
    await followReturn(t.app, await payInSandbox(gatewayAction(paid.json().data as PaymentAction), 'pay'));
  }
  const booking = (await call(cookie, 'GET', `/bookings/${pnr}`)).json().data as Booking;
  expect(booking.status).toBe('ticketed');
  sales += booking.price.total;
  return booking;
}

/** A change option of leg 0 on `days` ahead with something to pay, as `cookie` (or the console) sees it. */
async function optionWithAmountDue(pnr: string, days: number, cookie?: string) {
  const url = `/bookings/${pnr}/change-options?leg_index=0&date=${inDays(days)}`;
  const answer = cookie ? await call(cookie, 'GET', url) : await asAdmin(t, admin, 'GET', `/admin${url}`);
  expect(answer.statusCode, answer.body).toBe(200);
  const option = (answer.json().data as ChangeOptions).options.find((o) => o.quote.amount_due > 0);
  if (!option) throw new Error('no change option with something to pay');
  return option;
}

/** A traveller's change confirmed with a gateway: its payment action and pending change id. */
async function startGatewayChange(pnr: string, offerId: string, method: string) {
  const started = await call(customer, 'POST', `/bookings/${pnr}/change`, {
    leg_index: 0,
    offer_id: offerId,
    confirm: true,
    method,
  });
  expect(started.statusCode, started.body).toBe(200);
  const [pending] = await t.app.db
    .select()
    .from(bookingChangePayments)
    .where(eq(bookingChangePayments.bookingId, sql`(select id from bookings where pnr = ${pnr})`));
  return { action: started.json().data.payment_action as PaymentAction, pending };
}

beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
  admin = await logInDemo(t, 'sajilo', 'admin');
  const wallet = await walletOf(t.app.db, demoUserEmail('sajilo', 'agent'));
  await t.app.db.transaction((tx) =>
    postWalletEntry(tx, {
      userId: wallet.id,
      kind: 'top_up',
      amount: 5_000_000,
      currency: 'NPR',
      reference: `test-${randomUUID()}`,
    }),
  );

  // 1. An agent's booking, made three days ago, changed today from the agent's wallet.
  const walletBooking = await ticketedApex(agent, 30, 'wallet');
  await t.app.db
    .update(bookings)
    .set({ createdAt: sql`now() - interval '3 days'` })
    .where(eq(bookings.pnr, walletBooking.pnr));
  const walletOption = await optionWithAmountDue(walletBooking.pnr, 33, agent);
  const changed = await call(agent, 'POST', `/bookings/${walletBooking.pnr}/change`, {
    leg_index: 0,
    offer_id: walletOption.offer.id,
    confirm: true,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  quotes.wallet = walletOption.quote;

  // 2. A traveller pays the change through eSewa.
  const esewaBooking = await ticketedApex(customer, 31, 'esewa');
  const esewaOption = await optionWithAmountDue(esewaBooking.pnr, 34, customer);
  const esewa = await startGatewayChange(esewaBooking.pnr, esewaOption.offer.id, 'esewa');
  const landed = await followReturn(t.app, await payInSandbox(gatewayAction(esewa.action), 'pay'));
  expect(landed.searchParams.get('change')).toBe('success');
  quotes.esewa = esewaOption.quote;

  // 3. The agency changes a traveller's booking in the console and collects the amount itself.
  const agencyBooking = await ticketedApex(customer, 32, 'esewa');
  const agencyOption = await optionWithAmountDue(agencyBooking.pnr, 35);
  const collected = await asAdmin(t, admin, 'POST', `/admin/bookings/${agencyBooking.pnr}/change`, {
    leg_index: 0,
    offer_id: agencyOption.offer.id,
    confirm: true,
  });
  expect(collected.statusCode, collected.body).toBe(200);
  expect(collected.json().data.quote.payment).toBe('agency');
  quotes.agency = agencyOption.quote;

  // 4. A traveller pays through ConnectIPS after the new seats' hold lapsed: owed back.
  const lateBooking = await ticketedApex(customer, 36, 'esewa');
  const lateOption = await optionWithAmountDue(lateBooking.pnr, 38, customer);
  const late = await startGatewayChange(lateBooking.pnr, lateOption.offer.id, 'connectips');
  await t.app.db
    .update(seatHolds)
    .set({ expiresAt: new Date(Date.now() - 60_000) })
    .where(eq(seatHolds.locator, late.pending?.toLocator ?? ''));
  const lateLanded = await followReturn(t.app, await payInSandbox(gatewayAction(late.action), 'pay'));
  expect(lateLanded.searchParams.get('change')).toBe('failed');
  quotes.late = lateOption.quote;
}, 240_000);
afterAll(() => t.close());

const report = async (query: string): Promise<SalesReport> => {
  const response = await asAdmin(t, admin, 'GET', `/admin/reports?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};
const applied = () => [quotes.wallet, quotes.esewa, quotes.agency] as ChangeQuote[];
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('change revenue in the sales report', () => {
  it('counts each change on the day it was made, beside sales, whatever paid it', async () => {
    const data = await report(`from=${threeDaysAgo}&to=${today}&groupBy=day`);
    const revenue = sum(applied().map((q) => q.amount_due));
    expect(revenue).toBeGreaterThan(0);
    const todayRow = data.rows.find((r) => r.key === today);
    expect(todayRow).toMatchObject({
      bookings: 3,
      paidBookings: 3,
      changes: 3,
      changeFareDifference: sum(applied().map((q) => q.fare_difference)),
      changeFees: sum(applied().map((q) => q.change_fee)),
      changeRevenue: revenue,
    });
    // The agent's booking was made three days ago: its sale stays there, its change is today's.
    expect(data.rows.find((r) => r.key === threeDaysAgo)).toMatchObject({
      bookings: 1,
      paidBookings: 1,
      changes: 0,
      changeRevenue: 0,
    });
    expect(data.totals).toEqual([
      {
        currency: 'NPR',
        bookings: 4,
        paidBookings: 4,
        sales,
        commission: expect.any(Number),
        markup: 0,
        changes: 3,
        changeFareDifference: sum(applied().map((q) => q.fare_difference)),
        changeFees: sum(applied().map((q) => q.change_fee)),
        changeRevenue: revenue,
        refunds: 0,
        cancellationFees: 0,
        netSales: sales,
      },
    ]);
    expect(data.changePayments).toEqual([
      { currency: 'NPR', paidWith: 'agency', changes: 1, amount: quotes.agency?.amount_due },
      { currency: 'NPR', paidWith: 'esewa', changes: 1, amount: quotes.esewa?.amount_due },
      { currency: 'NPR', paidWith: 'wallet', changes: 1, amount: quotes.wallet?.amount_due },
    ]);
    // The late payment is owed back in full: not revenue.
    expect(data.changePaymentsToRefund).toEqual([
      {
        currency: 'NPR',
        reason: 'late',
        payments: 1,
        amount: quotes.late?.amount_due,
        refunded: 0,
        pending: quotes.late?.amount_due,
      },
    ]);
    expect(data.excessPayments).toEqual([]);
  });

  it('agrees with the books: the change journals credit sales with exactly the change revenue', async () => {
    const books = await checkBooks(t.app.db);
    expect(books.problems).toEqual([]);
    const rows = await queryRows<{ kind: string; amount: string }>(
      t.app.db,
      sql`
      select 'revenue' as kind, coalesce(sum(l.amount), 0)::text as amount from ledger_lines l
       where l.account like '%:sales' and (
             l.wallet_entry_id in (select id from wallet_entries where kind = 'change_debit')
          or l.booking_change_id is not null
          or l.payment_attempt_id in (select a.id from payment_attempts a join booking_change_payments c
                                        on c.id::text = a.order_id where c.status = 'applied'))
      union all
      select 'late', coalesce(sum(l.amount), 0)::text from ledger_lines l
       where l.account like '%:sales' and l.payment_attempt_id in (
             select a.id from payment_attempts a join booking_change_payments c
               on c.id::text = a.order_id where c.status = 'failed')`,
    );
    const ledger = Object.fromEntries(rows.map((r) => [r.kind, Number(r.amount)]));
    const data = await report(`from=${today}&to=${today}&groupBy=day`);
    expect(data.totals[0]?.changeRevenue).toBe(ledger.revenue);
    expect(data.changePaymentsToRefund[0]?.pending).toBe(ledger.late);
  });

  it('per agent: the agent’s wallet change and the traveller’s changes under their bookers', async () => {
    const rows = (await report(`from=${today}&to=${today}&groupBy=agent`)).rows as ReportRow[];
    expect(rows.find((r) => r.label.includes('agent@sajilo.example'))).toMatchObject({
      bookings: 0,
      changes: 1,
      changeRevenue: quotes.wallet?.amount_due,
    });
    expect(rows.find((r) => r.label.includes('customer@sajilo.example'))).toMatchObject({
      bookings: 3,
      changes: 2,
      changeRevenue: (quotes.esewa?.amount_due ?? 0) + (quotes.agency?.amount_due ?? 0),
    });
  });

  it('exports the change columns after the existing ones in the CSV', async () => {
    const response = await asAdmin(
      t,
      admin,
      'GET',
      `/admin/reports.csv?from=${today}&to=${today}&groupBy=day`,
    );
    expect(response.statusCode).toBe(200);
    const [header, line] = response.body.split('\r\n');
    expect(header).toBe(
      'day,currency,bookings,paid_bookings,sales,commission,markup,sales_minor,commission_minor,markup_minor,' +
        'changes,change_fare_difference,change_fees,change_revenue,change_fare_difference_minor,change_fees_minor,change_revenue_minor,' +
        'refunds,cancellation_fees,net_sales,refunds_minor,cancellation_fees_minor,net_sales_minor',
    );
    const rupees = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
    const revenue = sum(applied().map((q) => q.amount_due));
    const fare = sum(applied().map((q) => q.fare_difference));
    const fees = sum(applied().map((q) => q.change_fee));
    expect(line?.split(',').slice(10, 17)).toEqual([
      '3',
      rupees(fare),
      rupees(fees),
      rupees(revenue),
      String(fare),
      String(fees),
      String(revenue),
    ]);
  });
});
