import { z } from 'zod';
import { booking } from './bookings';
import { currency, flightOffer } from './flights';

/** The gateways a traveller pays a date change with. */
export const changeGateway = z.enum(['esewa', 'khalti', 'connectips'], {
  message: 'Choose esewa, khalti or connectips.',
});
export type ChangeGateway = z.infer<typeof changeGateway>;

/**
 * `POST /bookings/:pnr/change`: move one leg of a ticketed booking to another flight or date of
 * the same route (docs/bookings.md "Date change and reissue").
 */
export const changeBookingRequest = z.object({
  /** The leg to move: its position in the booking's `legs`, from 0. */
  leg_index: z.number().int('Choose a leg.').min(0, 'Choose a leg.').max(4, 'Choose a leg.'),
  /** The new flight: an offer from a search of the leg's route for the booking's passengers. */
  offer_id: z.string().trim().min(1, 'Choose a flight.').max(600),
  /** The offer's total as the booker saw it: PRICE_CHANGED when it differs now (optional). */
  total: z.number().int().min(0).optional(),
  /** false (default): only quote; true: pay and reissue as quoted. */
  confirm: z.boolean().optional().default(false),
  /**
   * A traveller pays the amount due through this gateway (one of the quote's `payment_methods`):
   * confirming holds the new seats and answers `payment_action`; the change is made once the
   * gateway's payment is verified. Ignored when nothing is due.
   */
  method: changeGateway.optional(),
});
export type ChangeBookingRequest = z.input<typeof changeBookingRequest>;

export const changeQuote = z.object({
  currency,
  leg_index: z.number().int(),
  /** Dated flights left and taken (`U4601-2026-05-01`). */
  from_flights: z.array(z.string()),
  to_flights: z.array(z.string()),
  /** The leg's fare as sold and the new flight's fare now, all passengers (minor units). */
  old_fare: z.number().int(),
  new_fare: z.number().int(),
  /** The new fare less the old per passenger, never below zero (a cheaper fare gives nothing back). */
  fare_difference: z.number().int(),
  /** The change fee of the old fare's conditions, all passengers and flights of the leg. */
  change_fee: z.number().int(),
  /** fare_difference + change_fee: what confirming charges. */
  amount_due: z.number().int(),
  /**
   * How it is paid: the agent's wallet, or nothing to pay; `agency` (console answers only): the
   * agency changes a traveller's booking and collects the amount from them itself; `gateway`: the
   * traveller pays through one of `payment_methods`.
   */
  payment: z.enum(['wallet', 'none', 'agency', 'gateway']),
  /** The gateways the booker may pay this change with (a traveller's, when the brand takes them). */
  payment_methods: z.array(changeGateway),
  /** The change rule applied, in words. */
  rule: z.string(),
});
export type ChangeQuote = z.infer<typeof changeQuote>;

export const changeBookingResponse = z.object({
  quote: changeQuote,
  /** Present when confirmed: the booking after the change (new tickets beside the exchanged ones). */
  booking: booking.nullable(),
  /** Present when confirmed and something was charged: the change's tax invoice number. */
  invoice_number: z.string().nullable(),
  /**
   * Confirmed with a `method`: what the browser does next (post the form / go to the address);
   * the gateway returns the payer to `/Booking/BookingConfirm?pnr=…&change=success|pending|failed`.
   * `booking` is null until then. Absent otherwise.
   */
  payment_action: z
    .discriminatedUnion('type', [
      z.object({ type: z.literal('form'), url: z.string(), fields: z.record(z.string(), z.string()) }),
      z.object({ type: z.literal('redirect'), url: z.string() }),
    ])
    .optional(),
});

export type ChangeBookingResponse = z.infer<typeof changeBookingResponse>;

/** `GET /bookings/:pnr/change-options?leg_index=&date=`: the leg's flights on that date, each quoted. */
export const changeOptionsQuery = z.object({
  leg_index: z.coerce.number().int().min(0, 'Choose a leg.').max(4, 'Choose a leg.'),
  date: z.iso.date({ message: 'Choose a date (YYYY-MM-DD).' }),
});

export const changeOptions = z.object({
  leg_index: z.number().int(),
  date: z.string(),
  options: z.array(
    z.object({
      offer: flightOffer,
      quote: changeQuote,
      /**
       * A leg an outside supplier (Duffel) sold: when the supplier's change offer for this flight
       * lapses (confirm before then); absent for house flights.
       */
      expires_at: z.iso.datetime({ offset: true }).optional(),
    }),
  ),
});
export type ChangeOptions = z.infer<typeof changeOptions>;
