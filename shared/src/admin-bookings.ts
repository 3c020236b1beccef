import { z } from 'zod';
import { userType } from './accounts';
import { pageQuery } from './admin';
import { bookingMarkup } from './admin-money';
import { airportCode } from './airports';
import { changeQuote } from './booking-changes';
import { booking, bookingStatus, paymentMethod, pnrParams, refundQuote } from './bookings';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-05-01.');
const airportCodeField = airportCode('Use a three-letter airport code.');

/** Flight number (airline code and digits, no space) and local departure date. */
export const FLIGHT_ID_PATTERN = /^[A-Z0-9]{2}[0-9]{1,5}-\d{4}-\d{2}-\d{2}$/;
export const flightIdParams = z.object({
  flightId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(FLIGHT_ID_PATTERN, 'Use a flight id like U4601-2026-05-01.'),
});
export { pnrParams } from './bookings';

/** Filters of the brand's bookings list (all optional), newest first. */
export const adminBookingsQuery = pageQuery.extend({
  status: bookingStatus.optional(),
  /** Which date `from`/`to` apply to: when booked, or the first flight's local date. */
  dateField: z.enum(['created', 'travel']).default('created'),
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** The booker (an agent of the brand, or any user). */
  agentId: z.uuid({ message: 'Not a valid id.' }).optional(),
  origin: airportCodeField.optional(),
  destination: airportCodeField.optional(),
  /** A PNR or its beginning. */
  pnr: z.string().trim().toUpperCase().max(6).optional(),
  /** Part of a passenger's or the contact's name. */
  name: z.string().trim().max(80).optional(),
});
export type AdminBookingsQuery = z.input<typeof adminBookingsQuery>;

export const bookingBooker = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  type: userType,
});

export const adminBookingSummary = z.object({
  pnr: z.string(),
  status: bookingStatus,
  createdAt: z.string(),
  /** The first flight's local departure, ISO 8601 with its offset. */
  departAt: z.string(),
  route: z.string(),
  booker: bookingBooker,
  contactName: z.string(),
  passengerNames: z.array(z.string()),
  currency: z.string(),
  /** Minor units. */
  total: z.number().int(),
  amountDue: z.number().int(),
  paidWith: paymentMethod.nullable(),
  /** A flight of the booking was marked disrupted. */
  disrupted: z.boolean(),
});
export type AdminBookingSummary = z.infer<typeof adminBookingSummary>;

export const bookingFlight = z.object({
  /** What `POST /admin/flights/:flightId/disruptions` takes. */
  flightId: z.string(),
  flightNumber: z.string(),
  route: z.string(),
  departAt: z.string(),
  disrupted: z.boolean(),
});

export const excessRefundState = z.enum(['refunded', 'refunding', 'manual', 'missing']);
export type ExcessRefundState = z.infer<typeof excessRefundState>;

export const adminBookingDetail = z.object({
  /** The booking as its traveller sees it (history, tickets, disruptions included). */
  booking,
  booker: bookingBooker,
  amountDue: z.number().int(),
  /** The agency's markups the price includes (never shown to the traveller); null when none. */
  markup: bookingMarkup.nullable(),
  flights: z.array(bookingFlight),
  payments: z.array(
    z.object({
      gateway: z.string(),
      reference: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.string(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
  ),
  walletEntries: z.array(
    z.object({
      kind: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      note: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  refunds: z.array(
    z.object({
      method: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      status: z.enum(['pending', 'completed']),
      reason: z.string(),
      createdAt: z.string(),
      /** The gateway payment given back (its reference), when it is one. */
      paymentReference: z.string().nullable(),
      /** Made by the app through the gateway's refund API; false: by an operator (or a wallet credit). */
      automatic: z.boolean(),
      completedAt: z.string().nullable(),
      /** Why the gateway's refund API has not given the money back (yet). */
      lastError: z.string().nullable(),
      /** The refund's id (`POST /admin/bookings/:pnr/refunds/:refundId/complete`). */
      id: z.string(),
      /** A refund paid back by hand: the gateway's reference the operator recorded. */
      completedReference: z.string().nullable(),
    }),
  ),
  /**
   * Second captures: gateway payments that arrived after the booking was already paid (paid
   * twice), each refunded in full. `refund`: `refunded` (done), `refunding` (through the
   * gateway's refund API, retried until it answers), `manual` (an operator pays it back from the
   * merchant panel), `missing` (no refund recorded).
   */
  excessPayments: z.array(
    z.object({
      gateway: z.string(),
      reference: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      paidAt: z.string().nullable(),
      refund: excessRefundState,
    }),
  ),
});
export type AdminBookingDetail = z.infer<typeof adminBookingDetail>;

export const adminCancelRequest = z.object({
  /** false (default): only quote; true: cancel and refund as quoted. */
  confirm: z.boolean().optional().default(false),
});
export const adminCancelResponse = z.object({
  quote: refundQuote,
  /** When confirmed: the booking after cancelling. */
  detail: adminBookingDetail.nullable(),
});
export type AdminCancelResponse = z.infer<typeof adminCancelResponse>;

/**
 * `POST /admin/bookings/:pnr/change`: the console's date change (the traveller's request body;
 * docs/bookings.md "Date change and reissue"): quoted, or confirmed and audited.
 */
export const adminChangeResponse = z.object({
  quote: changeQuote,
  /** When confirmed: the booking after the change (new tickets beside the exchanged ones). */
  detail: adminBookingDetail.nullable(),
  /** When confirmed and something was charged: the change's tax invoice number. */
  invoice_number: z.string().nullable(),
});
export type AdminChangeResponse = z.infer<typeof adminChangeResponse>;

export const resendTicketResponse = z.object({ to: z.string() });

export const refundParams = pnrParams.extend({ refundId: z.uuid() });
/** `POST /admin/bookings/:pnr/refunds/:refundId/complete`: a refund paid back by hand. */
export const completeRefundRequest = z.object({
  /** The gateway's reference of the money sent back, from its merchant panel. */
  reference: z
    .string()
    .trim()
    .min(4, 'Write the gateway’s reference of the refund, as its merchant panel shows it.')
    .max(100, 'Use at most 100 characters.'),
  /** What the operator wants remembered (how it was sent, who asked): in the booking's history and the audit log. */
  note: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
});

/** `GET /admin/refunds`: gateway payments still to be paid back by hand, oldest first. */
export const manualRefund = z.object({
  id: z.string(),
  pnr: z.string(),
  method: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  /** The gateway payment to give back (its reference). */
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
});
export type ManualRefund = z.infer<typeof manualRefund>;

export const DISRUPTION_REASONS = ['weather', 'technical', 'operational', 'other'] as const;
/** What happened to the flight; `disrupted` is a notice only (the flight may still fly as planned). */
export const DISRUPTION_CHANGES = ['disrupted', 'cancelled', 'delayed', 'retimed'] as const;
export const markDisruptedRequest = z
  .object({
    reason: z.enum(DISRUPTION_REASONS).default('weather'),
    /** What the travellers are told (e.g. "Flights to Jomsom are held by fog; we will call you."). */
    note: z.string().trim().min(1, 'Say what the travellers should know.').max(1000),
    change: z.enum(DISRUPTION_CHANGES).default('disrupted'),
    /** Delayed or retimed: the new local departure at the flight's airport, `2026-05-01T09:30`. */
    newDepartureLocal: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Give the new departure as 2026-05-01T09:30.')
      .optional(),
  })
  .superRefine((body, context) => {
    if ((body.change === 'delayed' || body.change === 'retimed') && !body.newDepartureLocal) {
      context.addIssue({
        code: 'custom',
        path: ['newDepartureLocal'],
        message: 'Give the new departure time of a delayed or retimed flight.',
      });
    }
  });
export type MarkDisruptedRequest = z.input<typeof markDisruptedRequest>;
export const flightDisruption = z.object({
  flightId: z.string(),
  reason: z.enum(DISRUPTION_REASONS),
  note: z.string(),
  change: z.enum(DISRUPTION_CHANGES),
  newDepartureLocal: z.string().nullable(),
  createdAt: z.string(),
  /** PNRs flagged by this call (the brand's active bookings on the flight not flagged before). */
  flagged: z.array(z.string()),
  /** Travellers e-mailed by this call. */
  notified: z.number().int(),
});
export type FlightDisruption = z.infer<typeof flightDisruption>;
