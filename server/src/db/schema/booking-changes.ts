import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FlightOffer } from '#shared/flights';
import { users } from './accounts';
import { bookings, type SegmentFare } from './bookings';
import type { GatewayName } from './payments';

/**
 * One date change (reissue) of a booking's leg (docs/bookings.md "Date change"): the flights
 * left and taken, what was charged (the fare difference, never below zero, plus the change fee
 * of the old fare's conditions) and how it was paid. Append-only: a second change of the same leg
 * is another row. Its tax invoice cites it (`tax_invoices.booking_change_id`).
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    legPosition: smallint('leg_position').notNull(),
    /** The supplier's locator of the seats left (released) and of the seats taken. */
    fromLocator: text('from_locator').notNull(),
    toLocator: text('to_locator').notNull(),
    /** The leg's offer before and after the change, as the API showed them. */
    fromOffer: jsonb('from_offer').notNull().$type<FlightOffer>(),
    toOffer: jsonb('to_offer').notNull().$type<FlightOffer>(),
    currency: text('currency').notNull().$type<'NPR' | 'USD'>(),
    fareDifference: integer('fare_difference').notNull(),
    changeFee: integer('change_fee').notNull(),
    /** fare_difference + change_fee: what the booker paid for the change. */
    amount: integer('amount').notNull(),
    /**
     * `wallet`, `agency` (collected from a traveller by the agency, console), the gateway a
     * traveller paid through (`booking_change_payments`), or null when nothing was due.
     */
    paidWith: text('paid_with').$type<'wallet' | 'agency' | GatewayName>(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_changes_booking_idx').on(table.bookingId),
    check(
      'booking_changes_amount_check',
      sql`${table.fareDifference} >= 0 and ${table.changeFee} >= 0 and ${table.amount} = ${table.fareDifference} + ${table.changeFee}`,
    ),
  ],
);

export type ChangePaymentStatus = 'pending' | 'applied' | 'failed' | 'superseded';

/**
 * A traveller's date change waiting for its gateway payment (docs/bookings.md "Paying a change
 * through a gateway"): the new seats held (`to_locator`, until `expires_at`), the leg as it will
 * be, and the quote. Its id is the payment attempt's `order_id`. Once the payment is verified the
 * change is applied (`applied`, `booking_change_id`) or, when it no longer can be (the hold lapsed,
 * the leg changed or the booking was cancelled meanwhile), `failed` with the payment to refund;
 * an unpaid one is `failed` when its payment fails, `superseded` when the traveller starts another.
 */
export const bookingChangePayments = pgTable(
  'booking_change_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    legPosition: smallint('leg_position').notNull(),
    /** The leg's locator when the change was started: applied only if the leg still has it. */
    fromLocator: text('from_locator').notNull(),
    /** The new seats, held until `expires_at`. */
    toLocator: text('to_locator').notNull(),
    toOffer: jsonb('to_offer').notNull().$type<FlightOffer>(),
    toSegmentFares: jsonb('to_segment_fares').notNull().$type<SegmentFare[]>(),
    gateway: text('gateway').notNull().$type<GatewayName>(),
    currency: text('currency').notNull().$type<'NPR' | 'USD'>(),
    fareDifference: integer('fare_difference').notNull(),
    changeFee: integer('change_fee').notNull(),
    changeFeeVat: integer('change_fee_vat').notNull(),
    international: boolean('international').notNull(),
    /** fare_difference + change_fee: the payment attempt's amount. */
    amount: integer('amount').notNull(),
    status: text('status').notNull().$type<ChangePaymentStatus>().default('pending'),
    failureReason: text('failure_reason'),
    bookingChangeId: uuid('booking_change_id').references(() => bookingChanges.id),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('booking_change_payments_booking_idx').on(table.bookingId),
    check(
      'booking_change_payments_amount_check',
      sql`${table.fareDifference} >= 0 and ${table.changeFee} >= 0 and ${table.amount} > 0 and ${table.amount} = ${table.fareDifference} + ${table.changeFee}`,
    ),
    check(
      'booking_change_payments_status_known',
      sql`${table.status} in ('pending', 'applied', 'failed', 'superseded')`,
    ),
  ],
);

export type SupplierChangeCheckStatus = 'pending' | 'applied' | 'rolled_back';

/**
 * A date change of an outside supplier's leg whose confirmation went unanswered (docs/suppliers.md
 * "A change confirmed after our timeout"): the supplier was asked to confirm its order change
 * (`order_change_id`, Duffel's `oce_…`), the answer was lost and the supplier could not be asked
 * what became of it. The wallet's debit stays posted meanwhile; the
 * `bookings.verify-supplier-changes` job asks again (`next_check_at`, backing off) until the
 * supplier answers: confirmed, the change is applied as a confirmed one (`applied`,
 * `booking_change_id`); not, the debit is given back (`rolled_back`). Never left to diverge.
 */
export const supplierChangeChecks = pgTable(
  'supplier_change_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    legPosition: smallint('leg_position').notNull(),
    /** The leg's locator when the change was confirmed: applied only if the leg still has it. */
    fromLocator: text('from_locator').notNull(),
    supplier: text('supplier').notNull(),
    orderId: text('order_id').notNull(),
    orderChangeId: text('order_change_id').notNull(),
    /** The supplier's passenger ids, per traveller in the booking's order. */
    passengerIds: jsonb('passenger_ids').notNull().$type<string[]>(),
    toOffer: jsonb('to_offer').notNull().$type<FlightOffer>(),
    toSegmentFares: jsonb('to_segment_fares').notNull().$type<SegmentFare[]>(),
    /** The quote charged (BookingChangeQuote), applied as it was charged. */
    charged: jsonb('charged').notNull().$type<Record<string, unknown>>(),
    /** `wallet` (debited: `wallet_user_id`), `agency`, or null when nothing was due. */
    paidWith: text('paid_with').$type<'wallet' | 'agency'>(),
    walletUserId: uuid('wallet_user_id').references(() => users.id, { onDelete: 'set null' }),
    byName: text('by_name').notNull(),
    byUserId: uuid('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().$type<SupplierChangeCheckStatus>().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    bookingChangeId: uuid('booking_change_id').references(() => bookingChanges.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('supplier_change_checks_booking_idx').on(table.bookingId),
    index('supplier_change_checks_due_idx').on(table.nextCheckAt).where(sql`${table.status} = 'pending'`),
    check(
      'supplier_change_checks_status_known',
      sql`${table.status} in ('pending', 'applied', 'rolled_back')`,
    ),
  ],
);
