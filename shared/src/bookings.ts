import { z } from 'zod';
import { emailAddress, nepaliMobile } from './accounts';
import { currency, flightOffer, offerPrice, passengerType } from './flights';
import { bookedBy, priceBreakdown } from './sub-agents';
import { typedName } from './typed-name';

/**
 * The booking API's contract (docs/bookings.md): what the web app and other clients send and receive.
 * Money is always an integer in minor units with its currency.
 */

export const bookingStatus = z.enum(['held', 'paid', 'ticketed', 'expired', 'cancelled', 'refunded']);
export type BookingStatus = z.infer<typeof bookingStatus>;

export const paymentMethod = z.enum(['wallet', 'esewa', 'khalti', 'connectips']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 1990-05-01.');
const name = z.string().trim().min(1, 'Enter a name.').max(60, 'Use at most 60 characters.');
/**
 * A name as the passport prints it in Latin letters: tickets, boarding-pass barcodes and airline
 * systems take no other script (a Devanagari-only name would reach the barcode as nothing). The
 * web offers a romanization of a name typed in Nepali (romanize-devanagari.ts).
 */
export const LATIN_NAME_MESSAGE = 'Write the name in English letters, as in the passport.';
const passportName = name.regex(/^\p{Script=Latin}[\p{Script=Latin}\p{M} .'-]*$/u, LATIN_NAME_MESSAGE);

export const NEPALI_NAME_MESSAGE = 'Write the Nepali name in Devanagari letters.';
/**
 * Devanagari letters and signs (no digits or dandas), the zero-width (non-)joiners that choose a
 * conjunct's form, spaces, dots and hyphens; one letter at least.
 */
const NEPALI_NAME =
  /^(?=.*[\u0904-\u0939\u0958-\u0961\u0972-\u097F])(?:[\u0900-\u0963\u0971-\u097F .-]|\u200C|\u200D)+$/;

export const passengerInput = z.object({
  type: passengerType,
  title: z.enum(['Mr', 'Mrs', 'Ms', 'Miss', 'Mstr'], { message: 'Choose a title.' }),
  first_name: passportName,
  last_name: passportName,
  gender: z.enum(['male', 'female', 'other'], { message: 'Choose a gender.' }),
  /** Required for children and infants; checked against their type on the travel date. */
  date_of_birth: isoDate.optional(),
  /** ISO 3166-1 alpha-2. */
  nationality: z
    .string({ message: 'Choose a nationality.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose a nationality.'),
  /** Required on international trips. */
  passport_number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{5,20}$/, 'Enter the passport number as printed.')
    .optional(),
  /** Required on international trips; valid 6 months past the last flight. */
  passport_expiry: isoDate.optional(),
  /** ISO 3166-1 alpha-2 country that issued the passport; omitted: the nationality. */
  passport_country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Choose the country that issued the passport.')
    .optional(),
  /**
   * The name in Nepali (Devanagari), for the traveller's own documents: printed on the e-ticket
   * beside the passport name. Airlines, barcodes and suppliers get the passport name only.
   */
  display_name_ne: z
    .string()
    .trim()
    .normalize('NFC')
    .max(80, 'Use at most 80 characters.')
    .regex(NEPALI_NAME, NEPALI_NAME_MESSAGE)
    .optional(),
});
export type PassengerInput = z.input<typeof passengerInput>;

export const contactInput = z.object({
  name: typedName(z.string().trim().min(1, 'Enter a contact name.').max(120)),
  email: emailAddress,
  mobile: nepaliMobile,
});

export const createBookingRequest = z.object({
  /** The chosen offers, one per leg, in leg order, each with the total the traveller saw. */
  offers: z
    .array(z.object({ id: z.string().trim().min(1).max(600), total: z.number().int().min(0) }))
    .min(1, 'Choose a flight.')
    .max(5, 'A booking holds at most 5 flights.'),
  passengers: z.array(passengerInput).min(1, 'Add the passengers.').max(18),
  contact: contactInput,
  /** The buyer's PAN (9 digits) for the tax invoice, when the buyer is VAT-registered (docs/finance.md). */
  buyer_pan: z
    .string()
    .trim()
    .regex(/^[0-9]{9}$/, 'A PAN is 9 digits.')
    .optional(),
  /**
   * The contact asks for SMS at their mobile (docs/sms.md): the hold, the ticket, a disruption of
   * their flight and a reminder the day before. Default false.
   */
  sms_updates: z.boolean({ message: 'Choose yes or no.' }).optional(),
  /** The language the traveller books in: their SMS are written in it. Default English. */
  language: z.enum(['en', 'ne'], { message: 'Choose English (en) or Nepali (ne).' }).optional(),
});
export type CreateBookingRequest = z.input<typeof createBookingRequest>;

export const ticket = z.object({
  /** 13 digits: airline accounting code (3) + serial (10). */
  ticket_number: z.string(),
  passenger_id: z.string(),
  /** Index of the flight (segment) in the itinerary, counting across legs from 0. */
  segment_index: z.number().int(),
  /** `exchanged`: replaced by a reissued ticket after a date change (`reissued_from` names it). */
  status: z.enum(['open', 'void', 'refunded', 'exchanged']),
  /** A reissued ticket (date change): the number of the ticket it replaced; null otherwise. */
  reissued_from: z.string().nullable().optional(),
});

/**
 * A passenger as the API answers it: the input's fields as stored (plain strings, so the schema
 * also serializes responses: the input schema's normalising transforms cannot run backwards).
 */
export const bookingPassenger = z.object({
  id: z.string(),
  type: passengerType,
  title: passengerInput.shape.title,
  first_name: z.string(),
  last_name: z.string(),
  gender: passengerInput.shape.gender,
  date_of_birth: z.string().optional(),
  nationality: z.string(),
  passport_number: z.string().optional(),
  passport_expiry: z.string().optional(),
  passport_country: z.string().optional(),
  display_name_ne: z.string().optional().describe('The name in Nepali (Devanagari), when given'),
  /**
   * `cancelled` once the passenger was cancelled (in part, or with the whole booking), else
   * `travelling` (docs/bookings.md#after-sales-money).
   */
  status: z.enum(['travelling', 'cancelled']).optional(),
  /** Everything paid for this passenger (their part of the sale, fare differences and change fees), minor units. */
  paid: z.number().int().optional(),
  /** What came back for this passenger, minor units. */
  refunded: z.number().int().optional(),
});

/** The contact as stored (normalised e-mail and +977 mobile). */
export const bookingContact = z.object({ name: z.string(), email: z.string(), mobile: z.string() });

export const bookingEvent = z.object({
  status: bookingStatus,
  at: z.string(),
  /** Who made the change: a user's name, "system" or a gateway. */
  by: z.string(),
  note: z.string().nullable(),
  /**
   * An after-sales event's money (cancel, partial cancel, void, date change), minor units, for a
   * view to format in its language; absent on other events.
   */
  amounts: z
    .object({
      kind: z.enum(['cancel', 'partial_cancel', 'void', 'change']),
      currency: z.string(),
      fee: z.number().int().optional(),
      refund: z.number().int().optional(),
      fare_difference: z.number().int().optional(),
      change_fee: z.number().int().optional(),
      passengers: z.array(z.string()).optional(),
    })
    .optional(),
});

/** The agency marked one of the booking's flights disrupted (weather…) and told the traveller. */
export const bookingDisruption = z.object({
  /** Flight number and local departure date, e.g. `U4601-2026-05-01`. */
  flight_id: z.string(),
  reason: z.enum(['weather', 'technical', 'operational', 'other']),
  note: z.string(),
  at: z.string(),
  /** `disrupted` (a notice), `cancelled`, `delayed` or `retimed`. */
  change: z.enum(['disrupted', 'cancelled', 'delayed', 'retimed']),
  /** Delayed or retimed: the new local departure, `2026-05-01T09:30`. */
  new_departure_local: z.string().nullable(),
  /** How it was answered (null while the traveller can still accept, rebook or take a refund). */
  resolution: z.enum(['accepted', 'rebooked', 'refunded']).nullable(),
  resolved_at: z.string().nullable(),
});
export type BookingDisruption = z.infer<typeof bookingDisruption>;

/** The flights a disrupted booking's leg may move to at no cost: same route, up to 3 days later. */
export const rebookingOptions = z.object({
  /** The dated flight being replaced (`U4601-2026-05-01`). */
  flight_id: z.string(),
  offers: z.array(flightOffer),
});
export type RebookingOptions = z.infer<typeof rebookingOptions>;

export const rebookRequest = z.object({
  offer_id: z.string().trim().min(1, 'Choose a flight.').max(500),
});

export const booking = z.object({
  pnr: z.string().describe('6 letters and digits, no 0/1/I/L/O'),
  status: bookingStatus,
  created_at: z.string(),
  /** The hold lapses at this instant unless paid (status held). */
  expires_at: z.string().nullable(),
  currency,
  /** The legs as booked: each is the offer that was held, priced as it was held. */
  legs: z.array(flightOffer),
  /** The sum of the legs' prices; `commission` for an agent's booking. */
  price: offerPrice,
  passengers: z.array(bookingPassenger),
  contact: bookingContact,
  /** The buyer's PAN given at booking for the tax invoice (docs/finance.md); null when none. */
  buyer_pan: z.string().nullable().optional(),
  /** The contact asked for SMS at their mobile (docs/sms.md). */
  sms_updates: z.boolean().optional(),
  /** The language of the booking's SMS. */
  language: z.enum(['en', 'ne']).optional(),
  tickets: z.array(ticket),
  /** Methods the brand offers this user for this booking (wallet for agents only). */
  payment_methods: z.array(paymentMethod),
  paid_with: paymentMethod.nullable(),
  history: z.array(bookingEvent),
  /** Disruption notices about its flights (empty when none). */
  disruptions: z.array(bookingDisruption),
  /**
   * The airline's own booking reference(s) beside Tikat's PNR, when an outside supplier (Duffel)
   * made an order: one per leg, distinct ones joined by ", " (null for house bookings).
   */
  airline_reference: z.string().nullable().optional(),
  /** Why the booking is in its status when the traveller must be told (e.g. the airline refused the order after payment: refunded). */
  status_reason: z.string().nullable().optional(),
  /**
   * The latest date change the traveller started paying through a gateway (docs/bookings.md
   * "Paying a change through a gateway"), null when none: `pending` while the gateway has not
   * confirmed, then `applied` (the legs and tickets show the new flight) or `failed` (the booking
   * kept its flight; money taken is refunded); `superseded` when another was started. The booking
   * page waits on it after the gateway sends the traveller back (`?change=pending`).
   */
  change_payment: z
    .object({
      status: z.enum(['pending', 'applied', 'failed', 'superseded']),
      gateway: z.enum(['esewa', 'khalti', 'connectips']),
      /** Fare difference + change fee, minor units. */
      amount: z.number().int(),
      currency,
      updated_at: z.string(),
    })
    .nullable()
    .optional(),
  /**
   * Who gets what of the price, at the caller's level and below (docs/accounts.md#sub-agents): what the
   * traveller pays, each agent level's part and what the agency is charged, adding up exactly.
   */
  price_breakdown: priceBreakdown.optional(),
  /** The agent who booked (a master agent sees their sub-agents' bookings); null for travellers. */
  booked_by: bookedBy.nullable().optional(),
  /**
   * The money as it now stands (docs/bookings.md#after-sales-money), minor units: everything paid
   * (sale and date changes), what came back (to `paid_with`: the wallet or the gateway's payment),
   * and the traveller's price of the passengers still travelling (0 once none is).
   */
  amount_paid: z.number().int().optional(),
  amount_refunded: z.number().int().optional(),
  travelling_total: z.number().int().optional(),
});
export type Booking = z.infer<typeof booking>;

export const bookingListQuery = z.object({
  status: bookingStatus.optional(),
  pnr: z.string().trim().toUpperCase().max(6).optional(),
  page: z.coerce.number().int().min(1).optional().default(1),
  page_size: z.coerce.number().int().min(1).max(50).optional().default(20),
});

export const bookingSummary = booking
  .pick({ pnr: true, status: true, created_at: true, expires_at: true, currency: true })
  .extend({
    total: z.number().int(),
    /**
     * What the booker is charged: for an agent, the price less their commission (what the wallet
     * is debited, and what a cancellation quote calls paid); for a traveller, `total`.
     */
    amount_due: z.number().int().optional(),
    /** "KTM → PKR, 22 Nov" style route and first departure, for lists. */
    route: z.string(),
    first_departure_at: z.string(),
    passenger_names: z.array(z.string()),
    /** Of `passenger_names`, those cancelled (in part or with the booking). */
    cancelled_passenger_names: z.array(z.string()).optional(),
    /** What came back, and the traveller's price of those still travelling (as on the booking). */
    amount_refunded: z.number().int().optional(),
    travelling_total: z.number().int().optional(),
    /** The agent who booked: on a master agent's list, they or one of their sub-agents. */
    booked_by: bookedBy.nullable().optional(),
  });
export type BookingSummary = z.infer<typeof bookingSummary>;

export const bookingList = z.object({
  items: z.array(bookingSummary),
  page: z.number().int(),
  page_size: z.number().int(),
  total: z.number().int(),
});

export const startPaymentRequest = z.object({ method: paymentMethod });

/** What the browser does next: the booking is paid (wallet), or go to the gateway. */
export const paymentAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paid'), booking }),
  z.object({ type: z.literal('form'), url: z.string(), fields: z.record(z.string(), z.string()) }),
  z.object({ type: z.literal('redirect'), url: z.string() }),
]);
export type PaymentAction = z.infer<typeof paymentAction>;

export const cancelBookingRequest = z.object({
  /** false (default): only quote the refund; true: cancel and refund as quoted. */
  confirm: z.boolean().optional().default(false),
  /**
   * Cancel only these passengers (their `id`s as the booking shows them) of a ticketed booking;
   * omitted: the whole booking. An adult's lap infant goes with them; a child is never left
   * without an adult (409 CHILD_WITHOUT_ADULT). docs/bookings.md, "Partial cancellation".
   */
  passengers: z
    .array(z.string().trim().min(1).max(64))
    .min(1, 'Choose at least one passenger.')
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'Each passenger may appear once.')
    .optional(),
});

/** POST /bookings/:pnr/void: false (default) quotes the void, true voids the tickets. */
export const voidBookingRequest = z.object({ confirm: z.boolean().optional().default(false) });

export const refundQuote = z.object({
  currency,
  /** What was paid. */
  paid: z.number().int(),
  /** Fees kept under the fare rules. */
  cancellation_fee: z.number().int(),
  /** What goes back: to the wallet, or as a refund record for a gateway payment. */
  refund: z.number().int(),
  /** The fare rule applied, in words a traveller reads. */
  rule: z.string(),
  /**
   * The passengers (ids) whose tickets the quote covers: those chosen plus their lap infants; every
   * passenger still on the booking when cancelling it whole. Absent where no passenger applies.
   */
  passengers: z.array(z.string()).optional(),
  /** A void's quote: until when (ISO 8601) the tickets can be voided (23:00 Nepal time on the day of issue). */
  void_until: z.string().optional(),
});
export type RefundQuote = z.infer<typeof refundQuote>;

export const cancelBookingResponse = z.object({
  quote: refundQuote,
  /** Present when confirmed: the booking after cancelling. */
  booking: booking.nullable(),
});

export const ticketListItem = ticket.extend({
  pnr: z.string(),
  passenger_name: z.string(),
  route: z.string(),
  departs_at: z.string(),
  flight: z.string(),
  /** The booking's status: a `cancelled` or `refunded` booking's tickets are not valid for travel. */
  booking_status: bookingStatus,
});
export type TicketListItem = z.infer<typeof ticketListItem>;
export const ticketList = z.array(ticketListItem);

/** A PNR in a route's path, as a traveller may type it (upper-cased). */
export const pnrParams = z.object({ pnr: z.string().trim().toUpperCase().max(6) });
