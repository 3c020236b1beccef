import type { FullBooking } from '../../booking-records/find-booking';
import { type CancellationQuote, paidStillOnBooking } from './quote-cancellation';

/** Everything paid comes back: no fee and no no-cancel window when the airline changed the flight. */
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
  const paid = booking.status === 'held' ? 0 : paidStillOnBooking(full);
  return {
    currency: booking.currency,
    paid,
    cancellationFee: 0,
    refund: paid,
    rule: 'Flight changed by the airline: full refund without fee',
  };
}
