import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookings, type PaymentAttemptStatus } from '../../../db/schema/index';
import type { PaymentGateway, Verification } from '../../../payments/gateway';
import { changeBookingStatus, recordBookingEvent } from '../../booking-records/change-booking-status';
import { findCancelledFlight } from '../../booking-records/find-cancelled-flight';
import { moneyText } from '../../booking-records/money-text';
import { issueTaxInvoice } from '../../finance/issue-tax-invoice';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import {
  CAPTURED,
  countGatewayPayment,
  isSecondCapture,
  markAttemptExcess,
  markAttemptPaid,
  type PaymentAttempt,
  type PaymentOutcome,
  recordUnpaidVerification,
  SECOND_CAPTURE,
} from '../../payments/record-verification';
import {
  applyPaidChange,
  findPendingChange,
  type PendingChange,
  recordExcessChangePayment,
  releaseUnpaidChange,
} from '../change/apply-paid-change';
import { issueTickets } from '../issue/issue-tickets';
import type { TicketLinks } from '../issue/queue-ticket-email';
import { recordGatewayRefund } from '../refund/record-gateway-refund';

/** A gateway's verified answer about an attempt, as the settle step takes it. */
export interface GatewayPaymentAnswer {
  gateway: PaymentGateway;
  /** Where the e-ticket e-mail's links point (the return's host; none for the job). */
  links: TicketLinks;
  attempt: PaymentAttempt;
  /** What the gateway said about the attempt, already verified (callback or look-up). */
  verification: Exclude<Verification, { verdict: 'rejected' }>;
  /** Asked for the e-mail delivery after a commit that wrote an e-ticket e-mail. */
  jobs: OutboxJobs;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The lifecycle step "settle a gateway payment" (spec §13), the one function both the payer's
 * return (settleGatewayReturn) and the reconcile job (settlePendingPayments) call. In one
 * transaction with the attempt's new status (marked paid exactly once: a conditional update, and
 * the unique index on paid attempts per order): a booking still held becomes paid and is ticketed
 * (its e-ticket e-mail written to the outbox, whose delivery job is asked for after the commit);
 * a payment that arrives after the hold lapsed, or after a cancel, is recorded as a refund due;
 * a second capture of a booking already paid is recorded `excess` with its refund. An attempt that
 * pays a traveller's date change applies the change instead (apply-paid-change.ts). Idempotent: a
 * replay changes nothing.
 */
export async function settleBookingPayment(db: Db, answer: GatewayPaymentAnswer): Promise<PaymentOutcome> {
  // A traveller's date change paid through a gateway: its order is the pending change.
  const change = await findPendingChange(db, answer.attempt.orderId);
  if (answer.verification.verdict === 'unpaid') {
    const outcome = countGatewayPayment(
      await recordUnpaidVerification(db, answer.attempt, answer.verification),
    );
    if (change) await releaseUnpaidChange(db, outcome);
    return outcome;
  }
  const { outcome, emailed } = await settleCapture(db, answer, answer.verification, change);
  countGatewayPayment(outcome);
  if (emailed) await answer.jobs.send('email.deliver-outbox');
  return outcome;
}

/** Marks the attempt paid and does the order's part in one transaction, or records a second capture. */
async function settleCapture(
  db: Db,
  answer: GatewayPaymentAnswer,
  verification: Extract<GatewayPaymentAnswer['verification'], { verdict: 'paid' }>,
  change: PendingChange | undefined,
): Promise<{ outcome: PaymentOutcome; emailed: boolean }> {
  const refundable = typeof answer.gateway.refund === 'function';
  try {
    // A transaction of its own, so that a lost race on the unique index rolls back only this.
    return await db.transaction(async (tx) => {
      const paid = await markAttemptPaid(tx, answer.attempt, verification);
      if (!paid.changed) return { outcome: paid, emailed: false };
      if (change) return { outcome: paid, emailed: await applyPaidChange(tx, paid.attempt, answer.links) };
      const held = await payHeldBooking(tx, paid.attempt, answer.links);
      if (!('excess' in held)) return { outcome: paid, emailed: held.ticketed };
      const excess = await recordExcess(tx, paid.attempt, held.excess, { from: ['excess'], refundable });
      return { outcome: excess, emailed: false };
    });
  } catch (error) {
    if (!isSecondCapture(error)) throw error;
    // Another attempt of the order is paid: this capture is money held for the payer.
    const outcome = await db.transaction((tx) =>
      recordExcess(tx, answer.attempt, SECOND_CAPTURE, {
        from: CAPTURED,
        captured: verification,
        refundable,
        change,
      }),
    );
    return { outcome, emailed: false };
  }
}

/** The attempt in `excess` and, the first time, its refund in the order's history. */
async function recordExcess(
  tx: Db,
  attempt: PaymentAttempt,
  reason: string,
  options: {
    from: PaymentAttemptStatus[];
    captured?: Extract<GatewayPaymentAnswer['verification'], { verdict: 'paid' }>;
    refundable: boolean;
    change?: PendingChange | undefined;
  },
): Promise<PaymentOutcome> {
  const outcome = await markAttemptExcess(tx, attempt, reason, options);
  if (!outcome.changed) return outcome;
  if (options.change) await recordExcessChangePayment(tx, outcome.attempt);
  else await recordExcessPayment(tx, outcome.attempt, options.refundable);
  return outcome;
}

/** A held booking paid: ticketed; already paid: `excess`; lapsed, cancelled or flight cancelled: a refund due. */
async function payHeldBooking(
  tx: Db,
  attempt: PaymentAttempt,
  links: TicketLinks,
): Promise<{ ticketed: boolean } | { excess: string }> {
  if (!UUID.test(attempt.orderId)) return { ticketed: false };
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, attempt.orderId)).for('update');
  if (!booking) return { ticketed: false };
  const by = { name: attempt.gateway };
  if (booking.paidWith) {
    return {
      excess: `the booking was already paid (${booking.paidWith}): this payment is in excess, to be refunded`,
    };
  }
  const live = booking.status === 'held' && (booking.expiresAt?.getTime() ?? 0) > Date.now();
  // A payment started before the flight was cancelled does not ticket it: the money goes back.
  const cancelledFlight = live ? await findCancelledFlight(tx, booking) : null;
  if (live && !cancelledFlight) {
    await changeBookingStatus(tx, {
      bookingId: booking.id,
      from: ['held'],
      to: 'paid',
      by,
      note: `Paid through ${attempt.gateway} (${attempt.gatewayReference ?? attempt.reference})`,
      set: { paidWith: attempt.gateway, paidAt: sql`now()` as unknown as Date, expiresAt: null },
    });
    const issued = await issueTickets(tx, { bookingId: booking.id, by, links });
    // An outside supplier's order that failed has recorded the refund: nothing to invoice.
    if (issued.issued) await issueTaxInvoice(tx, { bookingId: booking.id });
    return { ticketed: issued.issued };
  }
  const state = cancelledFlight
    ? `on cancelled flight ${cancelledFlight}`
    : booking.status === 'held'
      ? 'past its hold time'
      : booking.status;
  const reason = `Payment ${attempt.reference} through ${attempt.gateway} arrived while the booking was ${state}: to be refunded.`;
  await recordGatewayRefund(tx, { bookingId: booking.id, attempt, reason });
  await recordBookingEvent(tx, booking.id, booking.status, by, reason);
  return { ticketed: false };
}

/**
 * A second capture of a booking already paid (two gateway payments, or the wallet and then a
 * gateway): a refund of the whole payment (`automatic` when the gateway has a refund API, which
 * refundExcessPayments then calls; else an operator pays it back from the merchant panel), and a
 * note in the booking's history. The booking itself does not change.
 */
async function recordExcessPayment(tx: Db, attempt: PaymentAttempt, refundable: boolean): Promise<void> {
  if (!UUID.test(attempt.orderId)) return;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, attempt.orderId)).for('update');
  if (!booking) return;
  const amount = moneyText(attempt.amountPaisa, attempt.currency);
  const how = refundable
    ? `refunded through ${attempt.gateway}`
    : `to be refunded by hand from the ${attempt.gateway} merchant panel`;
  const reason = `Paid twice: ${attempt.gateway} payment ${attempt.reference} of ${amount} arrived after the booking was already paid${
    booking.paidWith ? ` (${booking.paidWith})` : ''
  }: ${how}.`;
  await recordGatewayRefund(tx, { bookingId: booking.id, attempt, reason, automatic: refundable });
  await recordBookingEvent(tx, booking.id, booking.status, { name: attempt.gateway }, reason);
}
