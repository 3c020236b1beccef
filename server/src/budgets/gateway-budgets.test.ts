/**
 * SQL statement budgets of a gateway payment: starting it (POST /bookings/:pnr/payments with
 * eSewa) and the payer's return, which verifies, settles and tickets the booking in one go. The
 * app listens on a port with its own gateway sandboxes, as in payments.test.ts; the sandbox's
 * answers to the return's look-up are the gateway's side and are not counted (they arrive on
 * another connection). See docs/operations.md#sql-statement-budgets.
 *
 * A change that adds a statement to a hot path raises the budget here, in the same commit, where a
 * reviewer sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '#shared/bookings';
import { logInDemo } from '../test/accounts';
import { holdBooking, payBooking } from '../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../test/payment-sandbox';
import { type Budget, expectWithinBudget, measureWarm, startJobQueue, ticketStatements } from './budget';

/** Measured on PGlite and PostgreSQL alike (2026-12-07); each comment names the statements. */
const BUDGETS = {
  /**
   * Session; the booking; the brand's hosts (the return addresses); the booking again and its
   * flight disruptions (payable?); an attempt already paid?; the attempt; the `webhooks.deliver` job.
   */
  gatewayStart: { statements: 8, rows: 7 },
  /**
   * The booking and the attempt the return names; a date change paid by it?; one transaction of 41
   * (the attempt paid, the booking paid, the seats sold, tickets numbered and written, ticketed,
   * webhook events, the e-ticket e-mail, the tax invoice); the booking and a change again for the
   * landing page; the `email.deliver-outbox` job; the brand's hosts for the redirect.
   */
  gatewaySettle: { statements: 48, rows: 40 },
  /** Within it: the serials, the tickets' insert, the e-mail's claim and the tickets read. */
  ticketIssue: { statements: 4, rows: 4 },
} satisfies Record<string, Budget>;

let t: SandboxTestApp;
let customer: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  customer = await logInDemo(t, 'sajilo', 'customer');
  await startJobQueue(t);
});
afterAll(() => t.close());

/** A held booking, its eSewa payment started, paid in the sandbox: the return the payer brings back. */
async function paidInSandbox(days: number): Promise<{ pnr: string; returned: URL }> {
  const held = await holdBooking(t, customer, { days });
  const started = await payBooking(t, customer, held.pnr, 'esewa');
  expect(started.statusCode).toBe(200);
  const returned = await payInSandbox(gatewayAction(started.json().data as PaymentAction), 'pay');
  return { pnr: held.pnr, returned };
}

describe('statement budgets of a gateway payment', () => {
  it('start: POST /bookings/:pnr/payments with eSewa, the attempt and the form', async () => {
    const first = await holdBooking(t, customer, { days: 9 });
    const second = await holdBooking(t, customer, { days: 9 });
    const use = await measureWarm(
      t,
      () => payBooking(t, customer, first.pnr, 'esewa'),
      () => payBooking(t, customer, second.pnr, 'esewa'),
    );
    expect(use.result.statusCode).toBe(200);
    expectWithinBudget('gateway start', use, BUDGETS.gatewayStart);
  });

  it('settle: the verified return pays and tickets the booking', async () => {
    const first = await paidInSandbox(10);
    const second = await paidInSandbox(10);
    const use = await measureWarm(
      t,
      () => followReturn(t.app, first.returned),
      () => followReturn(t.app, second.returned),
    );
    expect(Object.fromEntries(use.result.searchParams)).toEqual({ pnr: second.pnr, payment: 'success' });
    expectWithinBudget('gateway settle', use, BUDGETS.gatewaySettle);
    expectWithinBudget('ticket issue (in the settle)', ticketStatements(use), BUDGETS.ticketIssue);
  });
});
