import type { ChangeQuote } from '#shared/booking-changes';
import type { BookingChangeQuote } from '../domain/bookings/quote-booking-change';

export function presentChangeQuote(quote: BookingChangeQuote): ChangeQuote {
  return {
    currency: quote.currency,
    leg_index: quote.legIndex,
    from_flights: quote.fromFlights,
    to_flights: quote.toFlights,
    old_fare: quote.oldFare,
    new_fare: quote.newFare,
    fare_difference: quote.fareDifference,
    change_fee: quote.changeFee,
    amount_due: quote.amountDue,
    payment: quote.amountDue > 0 ? 'wallet' : 'none',
    rule: quote.rule,
  };
}
