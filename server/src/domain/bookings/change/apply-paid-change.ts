import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookingChangePayments, bookings } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { recordBookingEvent } from '../../booking-records/change-booking-status';
import { loadBookingDetails } from '../../booking-records/find-booking';
import { flightIdOf } from '../../booking-records/flight-id';
import { moneyText } from '../../booking-records/money-text';
import type { PaymentAttempt, PaymentOutcome } from '../../payments/record-verification';
import { supplierById } from '../../suppliers/configured-suppliers';
import type { TicketLinks } from '../issue/queue-ticket-email';
import { recordGatewayRefund } from '../refund/record-gateway-refund';
import { applyBookingChange } from './apply-booking-change';
import { releasePendingChange } from './start-change-payment';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type PendingChange = typeof bookingChangePayments.$inferSelect;

/** The pending date change a payment attempt pays for, if its order is one. */
export async function findPendingChange(db: Db, orderId: string): Promise<PendingChange | undefined> {
  if (!UUID.test(orderId)) return undefined;
  const [row] = await db.select().from(bookingChangePayments).where(eq(bookingChangePayments.id, orderId));
  return row;
}

/**
 * settleBookingPayment's part for an attempt whose order is a pending date change (docs/bookings.md
 * "Paying a change through a gateway"), in the transaction that marks the attempt paid (its ledger
 * journal written by the attempt's trigger): the change is applied (applyBookingChange: seats,
 * leg, reissued tickets, `booking_changes` with the gateway as `paid_with`, the change's tax
 * invoice, history, e-ticket e-mail). When it no longer can be (the hold lapsed or its seats are
 * gone, the leg was changed or the booking cancelled meanwhile, or the change was superseded),
 * nothing of it is written: the pending change is `failed`, its seats released, and the whole
 * payment recorded as a refund due, to be paid back from the merchant panel as a booking payment
 * that arrives after its hold lapsed is. Answers whether the change was applied.
 */
export async function applyPaidChange(tx: Db, attempt: PaymentAttempt, links: TicketLinks): Promise<boolean> {
  const [pending] = await tx
    .select()
    .from(bookingChangePayments)
    .where(eq(bookingChangePayments.id, attempt.orderId))
    .for('update');
  if (!pending) return false;
  const [locked] = await tx.select().from(bookings).where(eq(bookings.id, pending.bookingId)).for('update');
  if (!locked) return false;
  const by = { name: attempt.gateway };
  let refusal: string;
  try {
    const applied = await tx.transaction(async (savepoint) => {
      if (pending.status !== 'pending') {
        throw new AppError('CHANGE_NOT_ALLOWED', `the change was ${pending.status} before it was paid`);
      }
      if (pending.amount !== attempt.amountPaisa || pending.currency !== attempt.currency) {
        throw new AppError('CHANGE_NOT_ALLOWED', 'the payment is not the amount of the change');
      }
      const current = await loadBookingDetails(savepoint, locked);
      const leg = current.legs.find((l) => l.position === pending.legPosition);
      if (locked.status !== 'ticketed' || !leg || leg.locator !== pending.fromLocator) {
        throw new AppError('CHANGE_NOT_ALLOWED', `the booking is ${locked.status} and its flight changed`);
      }
      const supplier = supplierById(leg.supplier);
      if (!supplier) throw new AppError('CHANGE_NOT_SUPPORTED');
      return applyBookingChange(savepoint, {
        locked,
        current,
        leg,
        supplier,
        holdLocator: pending.toLocator,
        presented: pending.toOffer,
        segmentFares: pending.toSegmentFares,
        charged: {
          currency: pending.currency,
          legIndex: pending.legPosition,
          fromFlights: leg.offer.segments.map(flightIdOf),
          toFlights: pending.toOffer.segments.map(flightIdOf),
          oldFare: leg.offer.price.total,
          newFare: pending.toOffer.price.total,
          fareDifference: pending.fareDifference,
          changeFee: pending.changeFee,
          changeFeeVat: pending.changeFeeVat,
          international: pending.international,
          amountDue: pending.amount,
          rule: '',
        },
        paidWith: attempt.gateway,
        paidNote: ` paid through ${attempt.gateway} (${attempt.gatewayReference ?? attempt.reference})`,
        by,
        links,
      });
    });
    await tx
      .update(bookingChangePayments)
      .set({ status: 'applied', bookingChangeId: applied.changeId, updatedAt: sql`now()` })
      .where(eq(bookingChangePayments.id, pending.id));
    return true;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    refusal = error.message;
  }
  const reason =
    `Date change payment ${attempt.reference} of ${moneyText(attempt.amountPaisa, attempt.currency)} ` +
    `through ${attempt.gateway} arrived when the change could no longer be made (${refusal}): ` +
    'the booking keeps its flight; to be refunded.';
  if (pending.status === 'pending') {
    await tx
      .update(bookingChangePayments)
      .set({ status: 'failed', failureReason: reason, updatedAt: sql`now()` })
      .where(eq(bookingChangePayments.id, pending.id));
    const house = supplierById('house');
    await house?.cancel(tx, { locator: pending.toLocator });
  }
  await recordGatewayRefund(tx, { bookingId: locked.id, attempt, reason });
  await recordBookingEvent(tx, locked.id, locked.status, by, reason);
  return false;
}

/** A second capture of the same pending change: refunded like a booking's (settle-booking-payment.ts). */
export async function recordExcessChangePayment(tx: Db, attempt: PaymentAttempt): Promise<void> {
  const [pending] = await tx
    .select({ bookingId: bookingChangePayments.bookingId, status: bookings.status })
    .from(bookingChangePayments)
    .innerJoin(bookings, eq(bookings.id, bookingChangePayments.bookingId))
    .where(eq(bookingChangePayments.id, attempt.orderId));
  if (!pending) return;
  const reason = `Date change paid twice: ${attempt.gateway} payment ${attempt.reference} of ${moneyText(
    attempt.amountPaisa,
    attempt.currency,
  )}: to be refunded by hand from the ${attempt.gateway} merchant panel.`;
  await recordGatewayRefund(tx, { bookingId: pending.bookingId, attempt, reason });
  await recordBookingEvent(tx, pending.bookingId, pending.status, { name: attempt.gateway }, reason);
}

/** A payment of a pending change that failed or was cancelled releases the change's held seats. */
export async function releaseUnpaidChange(db: Db, outcome: PaymentOutcome): Promise<void> {
  const { status } = outcome.attempt;
  if (!outcome.changed || (status !== 'failed' && status !== 'cancelled')) return;
  await releasePendingChange(
    db,
    outcome.attempt.orderId,
    `The ${outcome.attempt.gateway} payment was ${status}: ${outcome.reason ?? ''}`,
  );
}
