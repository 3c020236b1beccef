import { z } from 'zod';
import { pageOf, pageQuery } from './admin';
import { airportCode } from './airports';
import { currencyCode } from './money';

/**
 * The money side of the admin console (docs/admin.md): wallet top-ups and ledgers, markups
 * and sales reports. Amounts are integers in minor units (paisa for NPR).
 */

/** The largest single top-up: NPR 1,00,00,000 (one crore) in paisa. */
export const MAX_TOP_UP_MINOR = 1_000_000_000;

const minorAmount = (message: string, max: number) =>
  z.number({ message }).int(message).positive(message).max(max, `Use at most ${max} (minor units).`);

export const topUpRequest = z.object({
  /** Minor units of the wallet's currency (paisa for NPR). */
  amount: minorAmount('Enter a positive whole amount in paisa.', MAX_TOP_UP_MINOR),
  /** The outside reference (bank deposit, receipt number): the same reference never credits twice. */
  reference: z
    .string()
    .trim()
    .min(1, 'Enter the deposit or receipt reference.')
    .max(80, 'Use at most 80 characters.'),
  note: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
});
export type TopUpRequest = z.input<typeof topUpRequest>;

export const walletEntryKind = z.enum([
  'top_up',
  'booking_debit',
  'refund_credit',
  'settlement',
  /** A date change's fare difference and fee (docs/bookings.md). */
  'change_debit',
  'transfer_out',
  'transfer_in',
  'sub_agent_commission',
  'sub_agent_commission_reversal',
]);

export const walletEntry = z.object({
  id: z.number().int(),
  kind: walletEntryKind,
  /** Signed minor units: positive credits the wallet. */
  amount: z.number().int(),
  currency: z.string(),
  /** The balance right after this entry. */
  balance: z.number().int(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** PNR of the booking paid or refunded. */
  pnr: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
});
export type WalletEntry = z.infer<typeof walletEntry>;

export const walletLedgerPage = pageOf(walletEntry).extend({
  balance: z.number().int(),
  currency: z.string(),
});
export type WalletLedgerPage = z.infer<typeof walletLedgerPage>;

export const walletLedgerQuery = pageQuery;

export const topUpResult = z.object({
  entry: walletEntry,
  /** The wallet balance after the top-up. */
  balance: z.number().int(),
  /** True when this reference had already been credited: nothing was credited again. */
  replayed: z.boolean(),
});
export type TopUpResult = z.infer<typeof topUpResult>;

/* Markups */

export const MARKUP_MAX_BASIS_POINTS = 5_000;
/** The largest fixed markup: NPR 1,00,000 per passenger, in paisa. */
export const MARKUP_MAX_FIXED_MINOR = 10_000_000;

export const markupScope = z.enum(['route', 'airline', 'all']);
export type MarkupScope = z.infer<typeof markupScope>;
export const markupKind = z.enum(['percent', 'fixed']);

const iataAirport = airportCode('Enter a three-letter airport code.');
const iataAirline = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}$/, 'Enter a two-character airline code.');

/**
 * A markup as written by the admin: a route (one direction) or airline or everything, and a
 * percentage in basis points (1–5,000, i.e. 0.01 %–50 %) or a fixed amount in minor units per
 * seated passenger.
 */
export const markupInput = z
  .object({
    scope: markupScope,
    origin: iataAirport.optional(),
    destination: iataAirport.optional(),
    airlineCode: iataAirline.optional(),
    kind: markupKind,
    value: z
      .number({ message: 'Enter a whole number.' })
      .int('Enter a whole number.')
      .positive('Enter more than 0.'),
    currency: currencyCode.default('NPR'),
  })
  .superRefine((input, ctx) => {
    const need = (field: 'origin' | 'destination' | 'airlineCode', message: string) => {
      if (!input[field]) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (input.scope === 'route') {
      need('origin', 'Enter the airport the route starts from.');
      need('destination', 'Enter the airport the route goes to.');
      if (input.origin && input.origin === input.destination)
        ctx.addIssue({ code: 'custom', path: ['destination'], message: 'Choose a different airport.' });
    }
    if (input.scope === 'airline') need('airlineCode', 'Enter the airline code.');
    if (input.kind === 'percent' && input.value > MARKUP_MAX_BASIS_POINTS)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Use at most 5,000 basis points (50 %).' });
    if (input.kind === 'fixed' && input.value > MARKUP_MAX_FIXED_MINOR)
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Use at most 10,000,000 (NPR 1,00,000).' });
  });
export type MarkupInput = z.input<typeof markupInput>;

export const markup = z.object({
  id: z.string(),
  scope: markupScope,
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  airlineCode: z.string().nullable(),
  kind: markupKind,
  value: z.number().int(),
  currency: currencyCode,
  updatedAt: z.string().describe('ISO 8601'),
});
export type Markup = z.infer<typeof markup>;

/** The markups a booking's price includes (admin view only; travellers see just the price). */
export const bookingMarkup = z.object({
  amount: z.number().int(),
  currency: z.string(),
  legs: z.array(
    z.object({
      markupId: z.string(),
      scope: markupScope,
      kind: markupKind,
      value: z.number().int(),
      amount: z.number().int(),
    }),
  ),
});
export type BookingMarkup = z.infer<typeof bookingMarkup>;

/* Reports */

export const REPORT_GROUPS = ['day', 'route', 'airline', 'agent'] as const;
export const reportGroup = z.enum(REPORT_GROUPS);
export type ReportGroup = z.infer<typeof reportGroup>;
/** Longest report range, in days. */
export const MAX_REPORT_DAYS = 366;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'Not a real date.',
  );

/** A report over Kathmandu dates `from`–`to` (both included). */
export const reportQuery = z
  .object({ from: isoDate, to: isoDate, groupBy: reportGroup.default('day') })
  .superRefine((query, ctx) => {
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000;
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'End on or after the start date.' });
    else if (days >= MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Choose at most 366 days.' });
  });
export type ReportQuery = z.input<typeof reportQuery>;

export const reportRow = z.object({
  /** The group's key: a date, "KTM → PKR", an airline code or a user id. */
  key: z.string(),
  label: z.string(),
  currency: currencyCode,
  /** Bookings made in the range (any status). */
  bookings: z.number().int(),
  /** Of those, paid or ticketed. */
  paidBookings: z.number().int(),
  /**
   * Total price of the bookings sold (paid or ticketed, including those later cancelled or
   * refunded: their refunds are counted on the day each was made, `refunds`), minor units.
   */
  sales: z.number().int(),
  /** Agents' commission on those bookings, minor units. */
  commission: z.number().int(),
  /** The agency's markup included in those sales, minor units. */
  markup: z.number().int(),
  /**
   * Date changes made in the range (by when each was made, whatever the booking's date or later
   * status), of the group's bookings: how many (free ones included).
   */
  changes: z.number().int(),
  /** What those changes charged for the new fare's difference, minor units. */
  changeFareDifference: z.number().int(),
  /** What they charged as change fees (VAT included), minor units. */
  changeFees: z.number().int(),
  /**
   * Money taken for those changes (fare difference + fee), minor units, however it was paid: from
   * an agent's wallet, through a gateway, or collected by the agency. Each is a journal crediting
   * the brand's sales account in the books; none of it is in `sales`.
   */
  changeRevenue: z.number().int(),
  /**
   * Money given back for the group's bookings on the range's days (by the Nepal day each refund
   * was made, whatever day the booking was sold): cancellations, partial cancellations, voids and
   * a failed supplier order, whether to a wallet or through a gateway. Second captures and late
   * payments are not sales and not here (`excessPayments`). Minor units.
   */
  refunds: z.number().int(),
  /** What the agency kept of what was paid on the cancellations and voids made on those days, minor units. */
  cancellationFees: z.number().int(),
  /** `sales` − `refunds`, minor units. */
  netSales: z.number().int(),
});
export type ReportRow = z.infer<typeof reportRow>;

/** How a date change's amount was paid (`booking_changes.paid_with`). */
export const CHANGE_PAID_WITH = ['wallet', 'agency', 'esewa', 'khalti', 'connectips'] as const;
export type ChangePaidWith = (typeof CHANGE_PAID_WITH)[number];

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: reportGroup,
  timeZone: z.literal('Asia/Kathmandu'),
  rows: z.array(reportRow),
  totals: z.array(reportRow.omit({ key: true, label: true })),
  /**
   * Second captures of the report's bookings (paid twice), per currency: money taken in excess,
   * none of it sales, all of it owed back. Minor units; `pending` = `amount` − `refunded`.
   */
  excessPayments: z.array(
    z.object({
      currency: currencyCode,
      payments: z.number().int(),
      amount: z.number().int(),
      refunded: z.number().int(),
      pending: z.number().int(),
    }),
  ),
  /**
   * The report's change revenue by how it was paid, per currency: `wallet` (agents), `agency`
   * (collected from the traveller by the agency, console) or the gateway a traveller paid through.
   * Sums to the totals' `changeRevenue`. Minor units.
   */
  changePayments: z.array(
    z.object({
      currency: currencyCode,
      paidWith: z.enum(CHANGE_PAID_WITH),
      changes: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  /**
   * Gateway payments of date changes captured in the range that are owed back, per currency and
   * reason: `late` (paid when the change could no longer be made: the booking kept its flight) or
   * `excess` (the same change paid twice). Like `excessPayments`: none of it change revenue.
   * Minor units; `pending` = `amount` − `refunded`.
   */
  changePaymentsToRefund: z.array(
    z.object({
      currency: currencyCode,
      reason: z.enum(['late', 'excess']),
      payments: z.number().int(),
      amount: z.number().int(),
      refunded: z.number().int(),
      pending: z.number().int(),
    }),
  ),
});
export type SalesReport = z.infer<typeof salesReport>;
