import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookings } from '../../../db/schema/index';
import { changeBookingStatus, recordBookingEvent } from '../../booking-records/change-booking-status';
import { findCancelledFlight } from '../../booking-records/find-cancelled-flight';
import { moneyText } from '../../booking-records/money-text';
import { issueTaxInvoice } from '../../finance/issue-tax-invoice';
import {
  type OnExcess,
  type OnPaid,
  type PaymentAttempt,
  type PaymentOutcome,
  recordVerification,
} from '../../payments/record-verification';
import { issueTickets } from '../issue/issue-tickets';
import type { TicketLinks } from '../issue/queue-ticket-email';
import { recordGatewayRefund } from '../refund/record-gateway-refund';
import type { GatewayPaymentAnswer } from './gateway-payment-answer';
import { findPendingChange, settleChangePayment } from './settle-change-payment';

export type { GatewayPaymentAnswer } from './gateway-payment-answer';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The lifecycle step "settle a gateway payment" (spec §13), the one function both the payer's
 * return (routes/payments/route.ts, after verifyGatewayReturn) and the reconcile job
 * (settlePendingPayments) call. In one
 * transaction with the attempt's new status: a booking still held becomes paid and is ticketed
 * (its e-ticket e-mail written to the outbox);
 * a payment that arrives after the hold lapsed, or after a cancel, is recorded as a refund due;
 * a second capture of a booking already paid is recorded `excess` with its refund. Idempotent: a
 * replay changes nothing. An attempt that pays a traveller's date change goes to settleChangePayment.
 */
export async function settleBookingPayment(db: Db, answer: GatewayPaymentAnswer): Promise<PaymentOutcome> {
  // A traveller's date change paid through a gateway: its order is the pending change.
  if (await findPendingChange(db, answer.attempt.orderId)) return settleChangePayment(db, answer);
  return recordVerification(db, answer.attempt, answer.verification, {
    onPaid: (tx, attempt) => payHeldBooking(tx, attempt, answer.links),
    onExcess: recordExcessPayment,
    refundable: typeof answer.gateway.refund === 'function',
  });
}

async function payHeldBooking(tx: Db, attempt: PaymentAttempt, links: TicketLinks): ReturnType<OnPaid> {
  if (!UUID.test(attempt.orderId)) return;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, attempt.orderId)).for('update');
  if (!booking) return;
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
    return;
  }
  const state = cancelledFlight
    ? `on cancelled flight ${cancelledFlight}`
    : booking.status === 'held'
      ? 'past its hold time'
      : booking.status;
  const reason = `Payment ${attempt.reference} through ${attempt.gateway} arrived while the booking was ${state}: to be refunded.`;
  await recordGatewayRefund(tx, { bookingId: booking.id, attempt, reason });
  await recordBookingEvent(tx, booking.id, booking.status, by, reason);
}

/**
 * A second capture of a booking already paid (two gateway payments, or the wallet and then a
 * gateway): a refund of the whole payment (`automatic` when the gateway has a refund API, which
 * refundExcessPayments then calls; else an operator pays it back from the merchant panel), and a
 * note in the booking's history. The booking itself does not change.
 */
const recordExcessPayment: OnExcess = async (tx, attempt, excess) => {
  if (!UUID.test(attempt.orderId)) return;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, attempt.orderId)).for('update');
  if (!booking) return;
  const amount = moneyText(attempt.amountPaisa, attempt.currency);
  const how = excess.refundable
    ? `refunded through ${attempt.gateway}`
    : `to be refunded by hand from the ${attempt.gateway} merchant panel`;
  const reason = `Paid twice: ${attempt.gateway} payment ${attempt.reference} of ${amount} arrived after the booking was already paid${
    booking.paidWith ? ` (${booking.paidWith})` : ''
  }: ${how}.`;
  await recordGatewayRefund(tx, { bookingId: booking.id, attempt, reason, automatic: excess.refundable });
  await recordBookingEvent(tx, booking.id, booking.status, { name: attempt.gateway }, reason);
};
