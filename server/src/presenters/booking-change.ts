import type { ChangeOptions, ChangeQuote } from '#shared/booking-changes';
import type { FlightOffer } from '#shared/flights';
import type { ChangePayment } from '../domain/bookings/change/change-booking-date';
import type { BookingChangeQuote } from '../domain/bookings/change/quote-booking-change';

/**
 * A change's quote; `payment` as the change is paid (default: the wallet when something is due),
 * `methods` the gateways the booker may pay it with (default none).
 */
export function presentChangeQuote(
  quote: BookingChangeQuote,
  payment?: ChangePayment,
  methods: ChangeQuote['payment_methods'] = [],
): ChangeQuote {
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
    payment: payment ?? (quote.amountDue > 0 ? 'wallet' : 'none'),
    payment_methods: methods,
    rule: quote.rule,
  };
}

/**
 * The flights a leg may move to on a date, each with its quote (the booker's and the console's);
 * `gateways`: a traveller's booking whose brand takes gateway payments in the booking's currency
 * (something due is then paid through one of them).
 */
export function presentChangeOptions(
  query: { leg_index: number; date: string },
  options: { offer: FlightOffer; quote: BookingChangeQuote; expiresAt?: number }[],
  gateways: ChangeQuote['payment_methods'] = [],
): ChangeOptions {
  return {
    leg_index: query.leg_index,
    date: query.date,
    options: options.map(({ offer, quote, expiresAt }) => {
      // An outside supplier's change offer is confirmed under the wallet's debit, never a gateway's.
      const outside = expiresAt !== undefined;
      const expiry = outside ? { expires_at: new Date(expiresAt).toISOString() } : {};
      return quote.amountDue > 0 && gateways.length > 0 && quote.currency === 'NPR' && !outside
        ? { offer, quote: presentChangeQuote(quote, 'gateway', gateways), ...expiry }
        : { offer, quote: presentChangeQuote(quote), ...expiry };
    }),
  };
}
