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
import { listStatements } from '../test/query-counter';
import { createTestApp, type TestApp } from '../test/test-app';
import { type Budget, expectWithinBudget, measureWarm, startJobQueue, ticketStatements } from './budget';

const BUDGETS: Record<'search' | 'hold' | 'walletPay' | 'ticketIssue' | 'cancel', Budget> = {
  search: { statements: 999 },
  hold: { statements: 999 },
  walletPay: { statements: 999 },
  ticketIssue: { statements: 999 },
  cancel: { statements: 999 },
};

let t: TestApp;
let agent: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  await startJobQueue(t);
});
afterAll(() => t.close());

const search = (days: number) =>
  api(t, {
    method: 'POST',
    url: '/flights/search',
    payload: { depart_code: 'KTM', dest_code: 'PKR', depart_date: inDays(days), nationality_code: 'NP', adults: 1 },
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
    console.log(listStatements(use));
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
    console.log(listStatements(use));
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
    console.log(listStatements(use));
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
    console.log(listStatements(use));
  });
});
