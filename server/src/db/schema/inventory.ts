import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OfferConditions } from '#shared/offer-conditions';

/**
 * How a fare class could be refunded before fares carried `conditions`: kept only in the segments of
 * bookings made before then (read through `conditionsFromRefundRules`).
 */
export interface RefundRules {
  /** Base fare kept when cancelled more than `lateWindowHours` before departure, in percent. */
  earlyFeePercent: number;
  /** Base fare kept when cancelled within `lateWindowHours` of departure, in percent. */
  lateFeePercent: number;
  lateWindowHours: number;
  /** No cancellation at all within this many hours of departure. */
  closedWithinHours: number;
  /** Only the fuel surcharge (and service charge) comes back: the base fare is lost. */
  fuelSurchargeOnly: boolean;
}

/**
 * A scheduled leg: one flight number between two airports on given weekdays over a period.
 * Times are local to each airport (its IANA zone is copied here so a dated flight can be placed
 * in UTC without a join); dated flights are expanded from this in memory by the search engine.
 */
export const flightSchedules = pgTable(
  'flight_schedules',
  {
    id: serial('id').primaryKey(),
    /** Natural key making imports and the demo seed idempotent, e.g. `demo:U4-601` or `ssim:…`. */
    key: text('key').notNull().unique(),
    /** Where the schedule came from: `demo` (seed) or `ssim` (importer). */
    source: text('source').notNull().$type<'demo' | 'ssim'>(),
    airlineCode: text('airline_code').notNull(),
    flightNumber: text('flight_number').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    originTimeZone: text('origin_time_zone').notNull(),
    destinationTimeZone: text('destination_time_zone').notNull(),
    /** Local departure time at the origin, minutes after midnight. */
    departureMinutes: smallint('departure_minutes').notNull(),
    /** Local arrival time at the destination, minutes after midnight. */
    arrivalMinutes: smallint('arrival_minutes').notNull(),
    /** Days between the local departure date and the local arrival date (0, 1, rarely 2 or -1). */
    arrivalDayOffset: smallint('arrival_day_offset').notNull().default(0),
    /** Days of operation as ISO weekday digits, e.g. `1234567` (daily) or `135`. */
    daysOfOperation: text('days_of_operation').notNull(),
    /** First and last local departure dates, inclusive. */
    effectiveFrom: date('effective_from').notNull(),
    effectiveTo: date('effective_to').notNull(),
    aircraft: text('aircraft').notNull(),
    /** Seats sold per fare class code, e.g. `{ "Y": 20, "A": 30, "B": 22 }`. */
    seatsByClass: jsonb('seats_by_class').notNull().$type<Record<string, number>>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('flight_schedules_origin_idx').on(table.origin),
    check('flight_schedules_period_check', sql`${table.effectiveFrom} <= ${table.effectiveTo}`),
  ],
);

/**
 * A fare class of an airline on a route (origin → destination). Amounts are integers in minor
 * units: `…Npr` in paisa (the fare for Nepali and Indian nationals), `…Usd` in cents (everyone
 * else). A class closed to foreigners is sold only in NPR.
 */
export const fares = pgTable(
  'fares',
  {
    id: serial('id').primaryKey(),
    airlineCode: text('airline_code').notNull(),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    /** Booking class code, e.g. Y, A, B. */
    classCode: text('class_code').notNull(),
    /** Fare family shown to travellers, e.g. Flex, Apex, Saver. */
    family: text('family').notNull(),
    cabin: text('cabin').notNull().$type<'economy' | 'business'>(),
    /** 1 is the cheapest; used to order classes. */
    rank: smallint('rank').notNull(),
    baseNpr: integer('base_npr').notNull(),
    baseUsd: integer('base_usd').notNull(),
    /** NPR fare for foreigners resident in Nepal 6+ months on a non-tourist visa, in paisa. */
    residentialNpr: integer('residential_npr').notNull(),
    fuelSurchargeNpr: integer('fuel_surcharge_npr').notNull(),
    fuelSurchargeUsd: integer('fuel_surcharge_usd').notNull(),
    serviceChargeNpr: integer('service_charge_npr').notNull(),
    serviceChargeUsd: integer('service_charge_usd').notNull(),
    /** VAT on base fare plus fuel surcharge, in basis points (1300 = 13 %). */
    vatBasisPoints: integer('vat_basis_points').notNull(),
    openToForeigners: boolean('open_to_foreigners').notNull(),
    /** Free baggage as travellers read it, e.g. `20 + 5 KG`. */
    baggage: text('baggage').notNull(),
    refundable: boolean('refundable').notNull(),
    /**
     * The fare's conditions as data (refund and change tiers, no-show fee, baggage kg): the one
     * source of the refund quote and of the sentence travellers read (shared/src/offer-conditions.ts).
     */
    conditions: jsonb('conditions').notNull().$type<OfferConditions>(),
    /** Advance purchase: the class closes this many days (× 24 h) before departure; 0 = never. */
    advancePurchaseDays: smallint('advance_purchase_days').notNull().default(0),
  },
  (table) => [
    unique('fares_route_class_unique').on(
      table.airlineCode,
      table.origin,
      table.destination,
      table.classCode,
    ),
  ],
);

/**
 * Seats taken on a dated leg, per class. A row appears with the first hold; until then the
 * schedule's capacity is the whole story. Holds add to `held` with a conditional UPDATE
 * (`capacity - held - sold >= n`), so two buyers can never take the same last seat.
 */
export const flightSeats = pgTable(
  'flight_seats',
  {
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => flightSchedules.id, { onDelete: 'cascade' }),
    /** Local departure date at the origin. */
    flightDate: date('flight_date').notNull(),
    classCode: text('class_code').notNull(),
    capacity: integer('capacity').notNull(),
    held: integer('held').notNull().default(0),
    sold: integer('sold').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.scheduleId, table.flightDate, table.classCode] }),
    index('flight_seats_date_idx').on(table.flightDate),
    check(
      'flight_seats_not_oversold',
      sql`${table.held} >= 0 and ${table.sold} >= 0 and ${table.held} + ${table.sold} <= ${table.capacity}`,
    ),
  ],
);

/** One segment of a hold: which dated leg, which class, how many seats. */
export interface HeldSegment {
  scheduleId: number;
  flightDate: string;
  classCode: string;
  seats: number;
}

/** Seats held (then ticketed or released) for one offer by the house supplier. */
export const seatHolds = pgTable(
  'seat_holds',
  {
    /** Six-character record locator, letters and digits without 0, 1, I, L, O. */
    locator: text('locator').primaryKey(),
    offerId: text('offer_id').notNull(),
    status: text('status').notNull().$type<'held' | 'issued' | 'cancelled' | 'expired'>(),
    segments: jsonb('segments').notNull().$type<HeldSegment[]>(),
    /** Total price when held, in minor units of `currency`. */
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Lapsed holds are looked up before every hold: only the live ones are indexed.
    index('seat_holds_held_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'held'`),
  ],
);

/**
 * An admin's control over a class of a scheduled leg on a range of local departure dates (the
 * house inventory is the deployment's: every brand sells what it says). Controls are applied in
 * id order, so a later one overrides an earlier one on the dates both cover: `closed` true closes
 * the class, false opens it again; `baseNpr`/`baseUsd` replace the class's base fares.
 */
export const inventoryControls = pgTable(
  'inventory_controls',
  {
    id: serial('id').primaryKey(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => flightSchedules.id, { onDelete: 'cascade' }),
    classCode: text('class_code').notNull(),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    /** true closes the class, false opens it, null leaves it as it is. */
    closed: boolean('closed'),
    /** Base fare overrides in paisa and cents; null keeps the stored fare. */
    baseNpr: integer('base_npr'),
    baseUsd: integer('base_usd'),
    /** The brand whose admin made the change (its audit log holds the entry). */
    brandId: uuid('brand_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('inventory_controls_schedule_idx').on(table.scheduleId),
    check('inventory_controls_period_check', sql`${table.fromDate} <= ${table.toDate}`),
  ],
);
