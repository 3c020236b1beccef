import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookings } from './bookings';
import { brands } from './brands';

export const DISRUPTION_REASONS = ['weather', 'technical', 'operational', 'other'] as const;
export type DisruptionReason = (typeof DISRUPTION_REASONS)[number];

/** What happened to the flight: `disrupted` is a notice only (the flight may still fly as planned). */
export const DISRUPTION_CHANGES = ['disrupted', 'cancelled', 'delayed', 'retimed'] as const;
export type DisruptionChange = (typeof DISRUPTION_CHANGES)[number];

/** How a flagged booking's traveller (or an agent for them) answered the disruption. */
export const DISRUPTION_RESOLUTIONS = ['accepted', 'rebooked', 'refunded'] as const;
export type DisruptionResolution = (typeof DISRUPTION_RESOLUTIONS)[number];

/**
 * A dated flight an agency admin marked disrupted (weather…), for that brand only. `flightId` is
 * the flight number and its local departure date, e.g. `U4601-2026-05-01`.
 */
export const flightDisruptions = pgTable(
  'flight_disruptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    flightId: text('flight_id').notNull(),
    reason: text('reason').notNull().$type<DisruptionReason>(),
    /** What the travellers are told, beside the reason. */
    note: text('note').notNull(),
    change: text('change').notNull().default('disrupted').$type<DisruptionChange>(),
    /** Delayed or retimed: the new local departure (`2026-05-01T09:30`, the airport's time). */
    newDepartureLocal: text('new_departure_local'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('flight_disruptions_brand_flight').on(table.brandId, table.flightId),
    check(
      'flight_disruptions_reason_check',
      sql`${table.reason} in ('weather', 'technical', 'operational', 'other')`,
    ),
    check(
      'flight_disruptions_change_check',
      sql`${table.change} in ('disrupted', 'cancelled', 'delayed', 'retimed')`,
    ),
  ],
);

/** The bookings a disruption flagged (and whose travellers were e-mailed), once each. */
export const bookingDisruptions = pgTable(
  'booking_disruptions',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    disruptionId: uuid('disruption_id')
      .notNull()
      .references(() => flightDisruptions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until the traveller (or an agent for them) accepts, rebooks or takes the refund. */
    resolution: text('resolution').$type<DisruptionResolution>(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Who resolved it: the traveller's or the agent's name. */
    resolvedBy: text('resolved_by'),
  },
  (table) => [
    primaryKey({ columns: [table.bookingId, table.disruptionId] }),
    index('booking_disruptions_disruption_idx').on(table.disruptionId),
    check(
      'booking_disruptions_resolution_check',
      sql`${table.resolution} is null or ${table.resolution} in ('accepted', 'rebooked', 'refunded')`,
    ),
  ],
);
