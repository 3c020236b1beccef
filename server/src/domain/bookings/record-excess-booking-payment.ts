import { eq } from 'drizzle-orm';
import { type CurrencyCode, formatMoney } from '#shared/format-money';
import { bookings } from '../../db/schema/index';
import type { OnExcess } from '../payments/record-verification';
import { recordBookingEvent } from './change-booking-status';
import { recordGatewayRefund } from './record-gateway-refund';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "NPR 1,234" for notes and reasons. */
export const moneyText = (amount: number, currency: string) =>
  formatMoney(amount, currency as CurrencyCode, 'en');

/**
 * The `onExcess` of a booking's gateway payment: a second capture of a booking already paid (two
 * gateway payments, or a wallet payment and then a gateway one). In the transaction that records
 * the attempt as `excess`: a refund of the whole payment (pending; `automatic` when the gateway has
 * a refund API, which `refundExcessPayments` then calls; otherwise an operator pays it back from
 * the merchant panel), and a note in the booking's history. The booking itself does not change.
 */
export const recordExcessBookingPayment: OnExcess = async (tx, attempt, excess) => {
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
