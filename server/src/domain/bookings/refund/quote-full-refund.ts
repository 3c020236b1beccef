import type { FullBooking } from '../../booking-records/find-booking';
import { refundablePaidOf, salePartsOf } from '../../booking-records/passenger-money';
import { cancelledPassengerIds } from './choose-cancelled-passengers';
import type { CancellationQuote } from './quote-cancellation';

/**
 * Everything paid for the passengers still travelling comes back (their part of the sale and their
 * date changes' fare differences, docs/bookings.md#after-sales-money): no fee and no no-cancel
 * window when the airline changed the flight.
 */
export function quoteFullRefund(full: FullBooking): CancellationQuote {
  const { booking } = full;
  if (!['held', 'paid', 'ticketed'].includes(booking.status)) {
    return {
      currency: booking.currency,
      paid: 0,
      cancellationFee: 0,
      refund: 0,
      rule: '',
      refusal: 'This booking is no longer active.',
    };
  }
  const gone = cancelledPassengerIds(full);
  const sale = salePartsOf(full);
  const parts = full.passengers
    .filter((p) => !gone.has(p.id))
    .map((p) => {
      const paid = booking.status === 'held' ? 0 : refundablePaidOf(sale, p);
      return { passengerId: p.id, paid, fee: 0, refund: paid };
    });
  const paid = parts.reduce((sum, part) => sum + part.paid, 0);
  return {
    currency: booking.currency,
    paid,
    cancellationFee: 0,
    refund: paid,
    rule: 'Flight changed by the airline: full refund without fee',
    parts,
  };
}
