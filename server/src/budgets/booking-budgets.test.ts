/**
 * SQL statement budgets of the booking hot paths: search, hold, wallet payment (with the ticket
 * issue inside it) and cancel, each through real HTTP as a user makes it, on the test database
 * (PGlite, or PostgreSQL when TEST_DATABASE_URL is set). Counts, never clocks: a regression that
 * adds round trips fails here long before a benchmark notices (docs/operations.md#sql-statement-budgets).
 *
 * A change that adds a statement to a hot path raises the budget here, in the same commit, where a
 * reviewer sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { api, logInDemo } from '../test/accounts';
import { bookingBody, findOffer, holdBooking, inDays, payBooking, postBooking } from '../test/bookings';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Budget, expectWithinBudget, measureWarm, startJobQueue, ticketStatements } from './budget';

/**
 * Measured on PGlite and PostgreSQL alike (2026-12-07): both drivers send the same statements.
 * Each comment names the statements, in order.
 */
const BUDGETS = {
  /** The flight disruptions of the brand on the day (the network, markups and seats are cached). */
  search: { statements: 1, rows: 0 },
  /** The same, and the seat counts read again after a seat write (a hold) since the last search. */
  searchAfterHold: { statements: 2, rows: 1 },
  /**
   * Session; the brand's hold limits; the agent's commission; the flight disruptions; then one
   * transaction: BEGIN, the account's row lock, the booking, the hold-limit count, the seat rows,
   * the seats held, the passengers and legs, the webhook events, COMMIT; the booker's name for the
   * answer; the `webhooks.deliver` job sent after the response. The rows grow with the account's
   * unpaid bookings (the hold-limit count returns one row per unpaid booking and flight): measured
   * with one, the warm-up's.
   */
  hold: { statements: 15, rows: 10 },
  /**
   * Session; the booking; one transaction of 43 (lock, disruptions, wallet debit, paid, the seats
   * sold, tickets numbered and written, ticketed, webhook events, the e-ticket e-mail, the tax
   * invoice); the `email.deliver-outbox` job; the booking reloaded for the answer; the
   * `webhooks.deliver` job.
   */
  walletPay: { statements: 55, rows: 46 },
  /** Within it: the serials, the tickets' insert, the e-mail's claim and the tickets read twice. */
  ticketIssue: { statements: 5, rows: 5 },
  /**
   * Session; the booking and its details (the quote); one transaction of 32 (lock, details again,
   * the seats given back, the wallet credit, the refund, the credit note, each passenger's refund
   * and cancellation (docs/bookings.md#after-sales-money: one statement, one row per passenger),
   * tickets and booking refunded, webhook events); the booking reloaded for the answer; the
   * `webhooks.deliver` job.
   */
  cancel: { statements: 49, rows: 41 },
} satisfies Record<string, Budget>;

let t: TestApp;
let agent: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
  await startJobQueue(t);
});
afterAll(() => t.close());

const search = (days: number) =>
  api(t, {
    method: 'POST',
    url: '/flights/search',
    payload: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: inDays(days),
      nationality_code: 'NP',
      adults: 1,
    },
  });

const cancel = (pnr: string) =>
  api(t, { method: 'POST', url: `/bookings/${pnr}/cancel`, cookie: agent, payload: { confirm: true } });

async function paidBooking(days: number): Promise<Booking> {
  const held = await holdBooking(t, agent, { days });
  const paid = await payBooking(t, agent, held.pnr, 'wallet');
  expect(paid.statusCode).toBe(200);
  return paid.json().data.booking as Booking;
}

describe('statement budgets of the booking hot paths', () => {
  it('search: an anonymous one-way search with the demand model on', async () => {
    const use = await measureWarm(
      t,
      () => search(5),
      () => search(5),
    );
    expect(use.result.statusCode).toBe(200);
    expectWithinBudget('search', use, BUDGETS.search);
  });

  it('search: the same after a hold changed the seat counts', async () => {
    const use = await measureWarm(
      t,
      async () => {
        await search(5);
        await holdBooking(t, customer, { days: 5 });
      },
      () => search(5),
    );
    expect(use.result.statusCode).toBe(200);
    expectWithinBudget('search after a hold', use, BUDGETS.searchAfterHold);
  });

  it('hold: POST /bookings for one adult, alone (no other hold in the same group commit)', async () => {
    // Each hold re-prices its offer (the demand model moves with every seat sold): a fresh one each.
    const nextOffer = () => findOffer(t, { cookie: agent, days: 6 });
    let offer = await nextOffer();
    const use = await measureWarm(
      t,
      async () => {
        await postBooking(t, agent, bookingBody([offer]));
        offer = await nextOffer();
      },
      () => postBooking(t, agent, bookingBody([offer])),
    );
    expect(use.result.statusCode, use.result.body).toBe(200);
    expectWithinBudget('hold', use, BUDGETS.hold);
  });

  it('wallet payment: POST /bookings/:pnr/payments, the debit and the ticket issue', async () => {
    const first = await holdBooking(t, agent, { days: 7 });
    const second = await holdBooking(t, agent, { days: 7 });
    const use = await measureWarm(
      t,
      () => payBooking(t, agent, first.pnr, 'wallet'),
      () => payBooking(t, agent, second.pnr, 'wallet'),
    );
    expect(use.result.json().data.booking.status).toBe('ticketed');
    expectWithinBudget('wallet payment', use, BUDGETS.walletPay);
    expectWithinBudget('ticket issue (in the wallet payment)', ticketStatements(use), BUDGETS.ticketIssue);
  });

  it('cancel: a ticketed wallet booking, refunded to the wallet', async () => {
    const first = await paidBooking(8);
    const second = await paidBooking(8);
    const use = await measureWarm(
      t,
      () => cancel(first.pnr),
      () => cancel(second.pnr),
    );
    expect(use.result.json().data.booking.status).toBe('refunded');
    expectWithinBudget('cancel', use, BUDGETS.cancel);
  });
});
