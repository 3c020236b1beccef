import { eq, sql } from 'drizzle-orm';
import { bookings } from '../../db/schema/index';
import type { OnPaid } from '../payments/record-verification';
import { issueTickets } from '../tickets/issue-tickets';
import { changeBookingStatus, recordBookingEvent } from './change-booking-status';
import { recordGatewayRefund } from './record-gateway-refund';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The `onPaid` of a gateway payment of a booking, run in the transaction that marks the attempt
 * paid (callback or reconcile job): the booking becomes paid and is ticketed. A payment verified
 * after the hold lapsed (or after a cancel) cannot buy the released seats: it is recorded as a
 * refund due instead, and noted in the booking's history. A payment of a booking already paid
 * another way (from the wallet) is a second capture: answered as `excess`, and
 * `recordExcessBookingPayment` records its refund.
 */
export const completeBookingPayment: OnPaid = async (tx, attempt) => {
  if (!UUID.test(attempt.orderId)) return;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, attempt.orderId)).for('update');
  if (!booking) return;
  const by = { name: attempt.gateway };
  // Paid already (from the wallet, say): this capture is a second one, in excess, refunded.
  if (booking.paidWith) {
    return {
      excess: `the booking was already paid (${booking.paidWith}): this payment is in excess, to be refunded`,
    };
  }
  const live = booking.status === 'held' && (booking.expiresAt?.getTime() ?? 0) > Date.now();
  if (live) {
    await changeBookingStatus(tx, {
      bookingId: booking.id,
      from: ['held'],
      to: 'paid',
      by,
      note: `Paid through ${attempt.gateway} (${attempt.gatewayReference ?? attempt.reference})`,
      set: { paidWith: attempt.gateway, paidAt: sql`now()` as unknown as Date, expiresAt: null },
    });
    await issueTickets(tx, { bookingId: booking.id, by });
    return;
  }
  const reason = `Payment ${attempt.reference} through ${attempt.gateway} arrived while the booking was ${
    booking.status === 'held' ? 'past its hold time' : booking.status
  }: to be refunded.`;
  await recordGatewayRefund(tx, { bookingId: booking.id, attempt, reason });
  await recordBookingEvent(tx, booking.id, booking.status, by, reason);
};
