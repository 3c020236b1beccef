import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import type { Booking, PaymentAction } from '#shared/bookings';
import { bookings, paymentAttempts, refunds, sandboxPayments } from '../../db/schema/index';
import { refundExcessPayments } from '../../domain/bookings/refund/refund-excess-payments';
import { settlePendingPayments } from '../../domain/bookings/settle-payment/settle-pending-payments';
import { runBookingJobs } from '../../jobs/run-all-jobs';
import { createGateways, withGatewayHost } from '../../payments/config';
import { api, logInDemo } from '../../test/accounts';
import { asAdmin } from '../../test/admin';
import { findBookingInconsistencies } from '../../test/booking-consistency';
import { holdBooking, payBooking, walletOf as walletOfUser } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
  startFakeGateway,
} from '../../test/payment-sandbox';

/**
 * A double capture (spec §13.2, docs/payments.md#double-captures-a-booking-paid-twice): a second verified
 * payment of a booking that is already paid (a wallet payment and then a gateway's, or two gateway payments
 * at once) is money held for the payer. It must be recorded as in excess (never failed), refunded in full
 * (through the gateway's refund API where it has one, else a pending refund for an operator), and
 * shown to the brand's admins — and the booking stays paid and ticketed once.
 */

let t: SandboxTestApp;
let agent: string;
let customer: string;
let admin: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
  admin = await logInDemo(t, 'sajilo', 'admin');
});
afterAll(() => t.close());

const pay = (cookie: string, pnr: string, method: string, host?: string) =>
  payBooking(t, cookie, pnr, method, host);
const bookingOf = async (cookie: string, pnr: string) =>
  (await api(t, { method: 'GET', url: `/bookings/${pnr}`, cookie })).json().data as Booking;
const adminView = async (pnr: string) => {
  const response = await asAdmin(t, admin, 'GET', `/admin/bookings/${pnr}`);
  expect(response.statusCode).toBe(200);
  return response.json().data as AdminBookingDetail;
};
/** Starts a gateway payment and pays it in the sandbox; answers the gateway's return, not yet followed. */
async function paidAtGateway(cookie: string, pnr: string, method: 'esewa' | 'khalti' | 'connectips') {
  const started = await pay(cookie, pnr, method);
  expect(started.statusCode).toBe(200);
  return payInSandbox(gatewayAction(started.json().data as PaymentAction), 'pay');
}
async function rowsOf(pnr: string) {
  const [booking] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, pnr));
  if (!booking) throw new Error(`no booking ${pnr}`);
  const attempts = await t.app.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, booking.id));
  const owed = await t.app.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
  return { booking, attempts, refunds: owed };
}
async function sandboxStatusOf(reference: string) {
  const [row] = await t.app.db
    .select({ status: sandboxPayments.status })
    .from(sandboxPayments)
    .where(eq(sandboxPayments.reference, reference));
  return row?.status;
}
const walletOf = (email: string) => walletOfUser(t.app.db, email);
/** Paid and ticketed once: one `paid` step in the history, one ticket for the one passenger. */
function expectTicketedOnce(booking: Booking) {
  expect(booking.status).toBe('ticketed');
  expect(booking.tickets).toHaveLength(1);
  expect(booking.history.filter((h) => h.status === 'paid')).toHaveLength(1);
}

describe('paid from the wallet, then a verified gateway return for the same booking', () => {
  it('Khalti: the booking stays ticketed once; the Khalti payment is in excess and refunded through Khalti', async () => {
    const before = await walletOf('agent@sajilo.example');
    const held = await holdBooking(t, agent, { days: 20 });
    const returned = await paidAtGateway(agent, held.pnr, 'khalti');
    const wallet = await pay(agent, held.pnr, 'wallet');
    expect(wallet.statusCode).toBe(200);
    const paid = wallet.json().data.booking as Booking;
    const due = paid.price.commission?.net_total ?? paid.price.total;

    await followReturn(t.app, returned);
    const booking = await bookingOf(agent, held.pnr);
    expectTicketedOnce(booking);
    expect(booking.paid_with).toBe('wallet');
    expect(booking.tickets).toEqual(paid.tickets);
    const rows = await rowsOf(held.pnr);
    expect(rows.attempts).toMatchObject([{ gateway: 'khalti', status: 'excess' }]);
    const [excess] = rows.attempts;
    expect(excess?.failureReason).toMatch(/already paid \(wallet\)/);
    expect(rows.refunds).toMatchObject([
      {
        method: 'khalti',
        amount: excess?.amountPaisa,
        status: 'completed',
        automatic: true,
        paymentReference: excess?.reference,
        lastError: null,
      },
    ]);
    expect(rows.refunds[0]?.completedAt).toBeInstanceOf(Date);
    // Khalti itself was asked: its payment is refunded.
    expect(await sandboxStatusOf(excess?.reference ?? '')).toBe('Refunded');
    // The wallet paid once; the gateway's money went back through the gateway, not the wallet.
    const after = await walletOf('agent@sajilo.example');
    expect(after.balance).toBe((before.balance ?? 0) - due);
    expect(after.ledger).toBe(after.balance);

    const view = await adminView(held.pnr);
    expect(view.excessPayments).toEqual([
      {
        gateway: 'khalti',
        reference: excess?.reference,
        amount: excess?.amountPaisa,
        currency: 'NPR',
        paidAt: excess?.paidAt?.toISOString(),
        refund: 'refunded',
      },
    ]);
    expect(view.payments).toMatchObject([{ gateway: 'khalti', status: 'excess' }]);
    expect(view.refunds).toMatchObject([{ method: 'khalti', status: 'completed', automatic: true }]);
    expect(view.booking.history.map((h) => h.note)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Paid twice: khalti payment \w+ of .+ \(wallet\): refunded through khalti\.$/),
        expect.stringMatching(/^Refunded .+ through khalti/),
      ]),
    );

    // A replay of the return changes nothing and calls no second refund.
    await followReturn(t.app, returned);
    const replayed = await rowsOf(held.pnr);
    expect(replayed.attempts.map((a) => a.status)).toEqual(['excess']);
    expect(replayed.refunds).toHaveLength(1);
    expect((await bookingOf(agent, held.pnr)).history).toHaveLength(view.booking.history.length);

    // The booking can still be cancelled: the wallet payment is refunded to the wallet.
    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await rowsOf(held.pnr)).refunds.map((r) => r.method).sort()).toEqual(['khalti', 'wallet']);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
  });

  it('eSewa (no refund API): in excess, with a pending refund for an operator; the jobs leave it alone', async () => {
    const held = await holdBooking(t, agent, { days: 21 });
    const returned = await paidAtGateway(agent, held.pnr, 'esewa');
    expect((await pay(agent, held.pnr, 'wallet')).statusCode).toBe(200);
    await followReturn(t.app, returned);

    expectTicketedOnce(await bookingOf(agent, held.pnr));
    const rows = await rowsOf(held.pnr);
    expect(rows.attempts).toMatchObject([{ gateway: 'esewa', status: 'excess' }]);
    expect(rows.attempts.some((a) => a.status === 'failed')).toBe(false);
    const [excess] = rows.attempts;
    expect(rows.refunds).toMatchObject([
      {
        method: 'esewa',
        amount: excess?.amountPaisa,
        status: 'pending',
        automatic: false,
        paymentReference: excess?.reference,
        completedAt: null,
      },
    ]);
    expect(rows.refunds[0]?.reason).toMatch(
      /^Paid twice: .*to be refunded by hand from the esewa merchant panel\.$/,
    );

    await runBookingJobs(t.app);
    expect((await rowsOf(held.pnr)).refunds).toMatchObject([{ status: 'pending', automatic: false }]);
    const view = await adminView(held.pnr);
    expect(view.excessPayments).toMatchObject([
      { gateway: 'esewa', reference: excess?.reference, amount: excess?.amountPaisa, refund: 'manual' },
    ]);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
  });
});

describe('two gateway payments of one booking, returning at once', () => {
  it('one pays and tickets; the others are in excess and refunded (Khalti through its API, eSewa by hand)', async () => {
    const held = await holdBooking(t, customer, { days: 22 });
    const returns = [
      await paidAtGateway(customer, held.pnr, 'khalti'),
      await paidAtGateway(customer, held.pnr, 'khalti'),
      await paidAtGateway(customer, held.pnr, 'esewa'),
    ];
    const landed = await Promise.all(returns.map((returned) => followReturn(t.app, returned)));
    expect(landed.filter((url) => url.searchParams.get('payment') === 'success')).toHaveLength(1);

    const booking = await bookingOf(customer, held.pnr);
    expectTicketedOnce(booking);
    const rows = await rowsOf(held.pnr);
    const paid = rows.attempts.filter((a) => a.status === 'paid');
    const excess = rows.attempts.filter((a) => a.status === 'excess');
    expect(paid).toHaveLength(1);
    expect(excess).toHaveLength(2);
    expect(rows.attempts.some((a) => a.status === 'failed')).toBe(false);
    expect(booking.paid_with).toBe(paid[0]?.gateway);
    expect(rows.refunds).toHaveLength(2);
    for (const attempt of excess) {
      const refund = rows.refunds.find((r) => r.paymentReference === attempt.reference);
      expect(refund).toMatchObject({ method: attempt.gateway, amount: attempt.amountPaisa });
      if (attempt.gateway === 'khalti') {
        expect(refund).toMatchObject({ status: 'completed', automatic: true });
        expect(await sandboxStatusOf(attempt.reference)).toBe('Refunded');
      } else {
        expect(refund).toMatchObject({ status: 'pending', automatic: false });
      }
    }
    // The payment that bought the booking stays with us.
    expect(await sandboxStatusOf(paid[0]?.reference ?? '')).toBe(
      paid[0]?.gateway === 'khalti' ? 'Completed' : 'COMPLETE',
    );

    const view = await adminView(held.pnr);
    expect(view.excessPayments.map((e) => [e.gateway, e.refund]).sort()).toEqual(
      excess.map((a) => [a.gateway, a.gateway === 'khalti' ? 'refunded' : 'manual']).sort(),
    );
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
  });
});

describe('a second capture found by the reconcile job', () => {
  async function khaltiLeftPendingThenPaidWithEsewa(days: number) {
    const held = await holdBooking(t, customer, { days });
    // The payer pays at Khalti but never comes back; then pays again with eSewa, which returns.
    await paidAtGateway(customer, held.pnr, 'khalti');
    await followReturn(t.app, await paidAtGateway(customer, held.pnr, 'esewa'));
    const { booking, attempts } = await rowsOf(held.pnr);
    const khalti = attempts.find((a) => a.gateway === 'khalti');
    if (!khalti) throw new Error('no Khalti attempt');
    await t.app.db
      .update(paymentAttempts)
      .set({ createdAt: sql`now() - interval '10 minutes'` })
      .where(eq(paymentAttempts.id, khalti.id));
    return { pnr: held.pnr, booking, khalti };
  }

  it('the booking jobs record it in excess and refund it through Khalti', async () => {
    const { pnr, khalti } = await khaltiLeftPendingThenPaidWithEsewa(23);
    const summary = await runBookingJobs(t.app);
    expect(summary.reconciled.excess).toBeGreaterThanOrEqual(1);
    expect(summary.excessRefunds.refunded).toBeGreaterThanOrEqual(1);
    expectTicketedOnce(await bookingOf(customer, pnr));
    const rows = await rowsOf(pnr);
    expect(rows.attempts.find((a) => a.id === khalti.id)?.status).toBe('excess');
    expect(rows.refunds).toMatchObject([{ method: 'khalti', status: 'completed', automatic: true }]);
    expect(await sandboxStatusOf(khalti.reference)).toBe('Refunded');
    expect((await adminView(pnr)).excessPayments).toMatchObject([{ gateway: 'khalti', refund: 'refunded' }]);
  });

  it('a refund Khalti does not answer is retried after its lease; one Khalti refuses goes to an operator', async () => {
    const reconcile = () =>
      settlePendingPayments(t.app.db, {
        gateways: t.app.payments.gateways,
        jobs: t.app.jobs,
        publicUrl: t.app.env.PUBLIC_URL,
      });
    const first = await khaltiLeftPendingThenPaidWithEsewa(24);
    expect((await reconcile()).excess).toBeGreaterThanOrEqual(1);
    expect((await rowsOf(first.pnr)).refunds).toMatchObject([{ status: 'pending', automatic: true }]);
    expect((await adminView(first.pnr)).excessPayments).toMatchObject([{ refund: 'refunding' }]);

    const down = await startFakeGateway('error');
    try {
      const broken = createGateways(withGatewayHost(t.app.payments.config, down.origin));
      const once = await refundExcessPayments(t.app.db, { gateways: broken, attemptId: first.khalti.id });
      expect(once).toEqual({ refunded: 0, manual: 0, retrying: 1 });
      // Within the lease nobody calls again (another instance, the next job pass).
      const soon = await refundExcessPayments(t.app.db, { gateways: broken, attemptId: first.khalti.id });
      expect(soon).toEqual({ refunded: 0, manual: 0, retrying: 0 });
    } finally {
      await down.close();
    }
    const waiting = await adminView(first.pnr);
    expect(waiting.excessPayments).toMatchObject([{ refund: 'refunding' }]);
    expect(waiting.refunds[0]?.lastError).toMatch(/HTTP 500/);
    const retried = await refundExcessPayments(t.app.db, {
      gateways: t.app.payments.gateways,
      attemptId: first.khalti.id,
      leaseSeconds: 0,
    });
    expect(retried).toEqual({ refunded: 1, manual: 0, retrying: 0 });
    expect((await rowsOf(first.pnr)).refunds).toMatchObject([{ status: 'completed', lastError: null }]);

    // Khalti says no (here: the payment was already refunded from its merchant panel).
    const second = await khaltiLeftPendingThenPaidWithEsewa(25);
    await reconcile();
    const [excess] = (await rowsOf(second.pnr)).attempts.filter((a) => a.status === 'excess');
    expect(await t.app.payments.gateways.khalti.refund?.(excess ?? second.khalti)).toMatchObject({
      outcome: 'refunded',
    });
    const refused = await refundExcessPayments(t.app.db, {
      gateways: t.app.payments.gateways,
      attemptId: second.khalti.id,
    });
    expect(refused).toEqual({ refunded: 0, manual: 1, retrying: 0 });
    const rows = await rowsOf(second.pnr);
    expect(rows.refunds).toMatchObject([{ status: 'pending', automatic: false }]);
    expect(rows.refunds[0]?.lastError).toMatch(/Khalti refused the refund \(HTTP 400\)/);
    const view = await adminView(second.pnr);
    expect(view.excessPayments).toMatchObject([{ refund: 'manual' }]);
    expect(view.booking.history.at(-1)?.note).toMatch(
      /could not be made through khalti.*To be refunded by hand\.$/,
    );
    expect(
      await t.app.db
        .select()
        .from(paymentAttempts)
        .where(and(eq(paymentAttempts.orderId, second.booking.id), eq(paymentAttempts.status, 'failed'))),
    ).toEqual([]);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
  });
});

describe('the sales report', () => {
  it('shows the excess payments of the report’s bookings: how much, how much refunded, how much to go back', async () => {
    const today = new Date(Date.now() + (5 * 60 + 45) * 60_000).toISOString().slice(0, 10);
    const response = await asAdmin(t, admin, 'GET', `/admin/reports?from=${today}&to=${today}`);
    expect(response.statusCode).toBe(200);
    const [expected] = await t.app.db
      .select({
        payments: sql<number>`count(*)::int`.mapWith(Number),
        amount: sql<number>`sum(${paymentAttempts.amountPaisa})::bigint`.mapWith(Number),
        refunded:
          sql<number>`coalesce(sum(${refunds.amount}) filter (where ${refunds.status} = 'completed'), 0)::bigint`.mapWith(
            Number,
          ),
      })
      .from(paymentAttempts)
      .innerJoin(bookings, sql`${bookings.id}::text = ${paymentAttempts.orderId}`)
      .innerJoin(
        refunds,
        and(eq(refunds.bookingId, bookings.id), eq(refunds.paymentReference, paymentAttempts.reference)),
      )
      .where(eq(paymentAttempts.status, 'excess'));
    // This file's scenarios: 1 + 1 paid after the wallet, 2 at once, 1 + 2 found by the reconcile job.
    expect(expected?.payments).toBe(7);
    expect(response.json().data.excessPayments).toEqual([
      {
        currency: 'NPR',
        payments: 7,
        amount: expected?.amount,
        refunded: expected?.refunded,
        pending: (expected?.amount ?? 0) - (expected?.refunded ?? 0),
      },
    ]);
    expect(expected?.refunded).toBeGreaterThan(0);
    expect(expected?.refunded).toBeLessThan(expected?.amount ?? 0);
  });
});
