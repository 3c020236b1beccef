import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FlightOffer } from '#shared/flights';
import { users } from './accounts';
import { bookings } from './bookings';

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
    /** `wallet`, `agency` (collected from a traveller by the agency, console), or null when nothing was due. */
    paidWith: text('paid_with').$type<'wallet' | 'agency'>(),
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
