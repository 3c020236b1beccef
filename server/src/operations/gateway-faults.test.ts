import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, PaymentAction } from '#shared/bookings';
import { bookingEvents, bookings, paymentAttempts, tickets } from '../db/schema/index';
import { runBookingJobs } from '../jobs/run-all-jobs';
import { KHALTI_SANDBOX_SECRET_KEY } from '../payments/config';
import { api, logInDemo } from '../test/accounts';
import { findBookingInconsistencies } from '../test/booking-consistency';
import { holdBooking } from '../test/bookings';
import {
  createSandboxTestApp,
  type FaultyGateway,
  followReturn,
  gatewayAction,
  type LookupFault,
  payInSandbox,
  type SandboxTestApp,
  startFaultyGateway,
} from '../test/payment-sandbox';

/**
 * The gateways' status look-ups misbehave (time out, answer garbage or a 503, lie about the
 * amount) after the payer paid in the sandbox; returns and the reconcile job run twice and at
 * once. No booking is paid without a verified COMPLETE, none is charged or ticketed twice, and
 * the job settles what was left pending once the gateway answers properly.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
let t: SandboxTestApp;
let faulty: FaultyGateway;
let customer: string;
let day = 30;

beforeAll(async () => {
  faulty = await startFaultyGateway();
  t = await createSandboxTestApp(
    {
      ESEWA_STATUS_BASE_URL: `${faulty.origin}/sandbox/esewa`,
      KHALTI_BASE_URL: `${faulty.origin}/sandbox/khalti`,
      KHALTI_SECRET_KEY: KHALTI_SANDBOX_SECRET_KEY,
      // Long enough for the sandbox (this same process) to answer on a busy machine.
      PAYMENT_GATEWAY_TIMEOUT_MS: '3000',
    },
    { publicUrl: true },
  );
  faulty.backend = t.origin;
  customer = await logInDemo(t, 'sajilo', 'customer');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await faulty?.close();
});

/** Holds a booking, starts the gateway payment and pays (or cancels) on the sandbox's page; answers the return URL. */
async function decidedAtGateway(
  method: 'esewa' | 'khalti',
  decision: 'pay' | 'cancel' = 'pay',
): Promise<{ booking: Booking; returned: URL }> {
  faulty.fault = 'none';
  const booking = await holdBooking(t, customer, { days: day++ });
  const started = await api(t, {
    method: 'POST',
    url: `/bookings/${booking.pnr}/payments`,
    cookie: customer,
    payload: { method },
  });
  expect(started.statusCode).toBe(200);
  return {
    booking,
    returned: await payInSandbox(gatewayAction(started.json().data as PaymentAction), decision),
  };
}

async function rowOf(booking: Booking) {
  const [row] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, booking.pnr));
  if (!row) throw new Error(`no booking ${booking.pnr}`);
  return row;
}

async function stateOf(booking: Booking) {
  const row = await rowOf(booking);
  const attempts = await t.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, row.id));
  const issued = await t.app.db.select().from(tickets).where(eq(tickets.bookingId, row.id));
  const paidEvents = await t.app.db
    .select()
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, row.id), eq(bookingEvents.status, 'paid')));
  return {
    status: row.status,
    attempts: attempts.map((a) => a.status),
    tickets: issued.length,
    paidEvents: paidEvents.length,
  };
}

/** Makes the booking's attempts old enough for the reconcile job (it leaves fresh ones to the payer). */
async function ageAttempts(booking: Booking) {
  const row = await rowOf(booking);
  await t.app.db
    .update(paymentAttempts)
    .set({ createdAt: sql`now() - interval '10 minutes'` })
    .where(eq(paymentAttempts.orderId, row.id));
}

/** The browser comes back from the gateway: answers the confirmation page's `payment`. */
const returnTo = async (url: URL) => (await followReturn(t.app, url)).searchParams.get('payment');

describe.each(['esewa', 'khalti'] as const)('%s status look-up faults', (method) => {
  it.each<LookupFault>(['timeout', 'garbage', 'truncated', 'unavailable', 'wrong-amount'])(
    'look-up %s: the return is not trusted, the job leaves it pending, then reconciles it once the gateway answers',
    async (fault) => {
      const { booking, returned } = await decidedAtGateway(method);
      faulty.fault = fault;
      const lookupsBefore = faulty.lookups;
      // A look-up that did not answer usably leaves the payer "being confirmed"; one that named
      // another amount is not believed.
      expect(await returnTo(returned)).toBe(fault === 'wrong-amount' ? 'failed' : 'pending');
      expect(faulty.lookups).toBeGreaterThan(lookupsBefore);
      expect(await stateOf(booking)).toEqual({
        status: 'held',
        attempts: ['pending'],
        tickets: 0,
        paidEvents: 0,
      });

      await ageAttempts(booking);
      await runBookingJobs(t.app);
      expect(await stateOf(booking)).toEqual({
        status: 'held',
        attempts: ['pending'],
        tickets: 0,
        paidEvents: 0,
      });

      faulty.fault = 'none';
      const summary = await runBookingJobs(t.app);
      expect(summary.reconciled.paid).toBeGreaterThanOrEqual(1);
      expect(await stateOf(booking)).toEqual({
        status: 'ticketed',
        attempts: ['paid'],
        tickets: 1,
        paidEvents: 1,
      });
      // The payer's browser finally comes back: success, and nothing more happens.
      expect(await returnTo(returned)).toBe('success');
      expect(await stateOf(booking)).toEqual({
        status: 'ticketed',
        attempts: ['paid'],
        tickets: 1,
        paidEvents: 1,
      });
    },
  );

  it('the return delivered twice at once while the job reconciles: paid once, ticketed once', async () => {
    const { booking, returned } = await decidedAtGateway(method);
    await ageAttempts(booking);
    const outcomes = await Promise.all([returnTo(returned), returnTo(returned), runBookingJobs(t.app)]);
    // Each return says success, or failed when its look-up lost the race to a slow machine; the
    // money must be right either way, and the payer's next look at it says success.
    for (const outcome of outcomes.slice(0, 2)) expect(['success', 'pending', 'failed']).toContain(outcome);
    expect(await stateOf(booking)).toEqual({
      status: 'ticketed',
      attempts: ['paid'],
      tickets: 1,
      paidEvents: 1,
    });
    expect(await returnTo(returned)).toBe('success');
  });

  it('a cancelled payment is never paid, whatever the look-up later answers', async () => {
    const { booking, returned } = await decidedAtGateway(method, 'cancel');
    expect(await returnTo(returned)).toBe('failed');
    await ageAttempts(booking);
    await runBookingJobs(t.app);
    const state = await stateOf(booking);
    expect(state).toMatchObject({ status: 'held', tickets: 0, paidEvents: 0 });
    expect(state.attempts).not.toContain('paid');
  });
});

it('leaves the books consistent: no payment without a paid booking, no booking charged twice', async () => {
  expect(await findBookingInconsistencies(t.app.db)).toEqual([]);
});
