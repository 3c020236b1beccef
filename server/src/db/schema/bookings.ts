import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BookingMarkup } from '#shared/admin-money';
import type { FlightOffer, OfferPrice } from '#shared/flights';
import type { OfferConditions } from '#shared/offer-conditions';
import type { PriceBreakdown } from '#shared/sub-agents';
import { users } from './accounts';
import { brands } from './brands';
import type { RefundRules } from './inventory';

/** An after-sales event's money (booking_events.amounts), minor units. */
export interface BookingEventAmounts {
  kind: 'cancel' | 'partial_cancel' | 'void' | 'change';
  currency: string;
  fee?: number;
  refund?: number;
  fareDifference?: number;
  changeFee?: number;
  /** The passengers it was for, by name. */
  passengers?: string[];
}

export const BOOKING_STATUSES = ['held', 'paid', 'ticketed', 'expired', 'cancelled', 'refunded'] as const;
export type BookingStatusValue = (typeof BOOKING_STATUSES)[number];

/** The contact the airline and the agency reach about the booking. */
export interface BookingContact {
  name: string;
  email: string;
  mobile: string;
  /** The buyer's PAN for the tax invoice, when given at booking (request field `buyer_pan`). */
  buyerPan?: string;
  /** The contact asked for SMS about the booking at this mobile (docs/sms.md). */
  smsUpdates?: boolean;
  /** The language the contact booked in: their SMS are written in it (absent: English). */
  language?: 'en' | 'ne';
}

/**
 * One booking (PNR) of a signed-in user: one or more legs held with their suppliers, priced as
 * held. Money is integers in minor units of `currency`.
 */
export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Six letters and digits without 0, 1, I, L, O. */
    pnr: text('pnr').notNull().unique(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<BookingStatusValue>(),
    currency: text('currency').notNull().$type<'NPR' | 'USD'>(),
    /** The legs' prices summed, with the agent's commission when booked by an agent. */
    price: jsonb('price').notNull().$type<OfferPrice>(),
    /**
     * The agency's markup included in `price` (summed over the legs), for the admin's view and
     * reports; never shown to the traveller as a line item. Null when none applied.
     */
    markup: jsonb('markup').$type<BookingMarkup>(),
    /**
     * Who gets what of the price, from the agency down to the booker (docs/accounts.md#sub-agents), as made
     * at the hold; null for bookings made before, whose breakdown is derived from `price`.
     */
    priceBreakdown: jsonb('price_breakdown').$type<PriceBreakdown>(),
    /** What the booker pays: the total, or for an agent the total less commission. */
    amountDue: integer('amount_due').notNull(),
    contact: jsonb('contact').notNull().$type<BookingContact>(),
    /** The hold lapses at this instant unless paid. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    firstDepartureAt: timestamp('first_departure_at', { withTimezone: true }).notNull(),
    /** "KTM → PKR" style, for lists. */
    route: text('route').notNull(),
    paidWith: text('paid_with').$type<'wallet' | 'esewa' | 'khalti' | 'connectips'>(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the e-ticket e-mail was handed to SMTP or the outbox; null while one is due. */
    ticketEmailedAt: timestamp('ticket_emailed_at', { withTimezone: true }),
    /**
     * Why the booking is in its status when the traveller must be told (an outside supplier's
     * order failed after payment: refunded, and why); null otherwise.
     */
    statusReason: text('status_reason'),
    /** The client's Idempotency-Key and the SHA-256 of the request body it came with. */
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_user_idempotency_key').on(table.userId, table.idempotencyKey),
    index('bookings_user_created_idx').on(table.userId, table.createdAt),
    index('bookings_brand_created_idx').on(table.brandId, table.createdAt),
    index('bookings_held_expiry_idx').on(table.expiresAt).where(sql`${table.status} = 'held'`),
    // The hold-limit count reads an account's unpaid holds only, not its history nor every
    // account's holds (docs/operations.md#query-plans-at-size).
    index('bookings_user_held_idx').on(table.userId, table.expiresAt).where(sql`${table.status} = 'held'`),
    // A gateway return finds its booking by the attempt's order id, which is text.
    index('bookings_id_text_idx').on(sql`(${table.id}::text)`),
    index('bookings_ticket_email_due_idx')
      .on(table.paidAt)
      .where(sql`${table.status} = 'ticketed' and ${table.ticketEmailedAt} is null`),
    check(
      'bookings_status_check',
      sql`${table.status} in ('held', 'paid', 'ticketed', 'expired', 'cancelled', 'refunded')`,
    ),
    check('bookings_amount_due_check', sql`${table.amountDue} >= 0`),
  ],
);

/** Per segment of a leg: what cancelling costs, and that segment's share of the price. */
export interface SegmentFare {
  departUtc: string;
  /** The fare's conditions as sold (absent on bookings made before fares carried them). */
  conditions?: OfferConditions;
  /** Bookings made before `conditions`: the older refund rules (conditionsFromRefundRules). */
  refundRules?: RefundRules;
  price: OfferPrice;
}

/** A leg of a booking: the offer as held, with the supplier's locator for issue and cancel. */
export const bookingLegs = pgTable(
  'booking_legs',
  {
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    supplier: text('supplier').notNull(),
    /** The supplier's record locator of the hold. */
    locator: text('locator').notNull(),
    /** The offer as the API showed it when held (FlightOffer). */
    offer: jsonb('offer').notNull().$type<FlightOffer>(),
    segmentFares: jsonb('segment_fares').notNull().$type<SegmentFare[]>(),
    /** An outside supplier's order behind the leg (Duffel's `ord_…`), once there is one. */
    supplierOrderId: text('supplier_order_id'),
    /** The airline's own booking reference of that order, shown beside Tikat's PNR. */
    airlineReference: text('airline_reference'),
  },
  (table) => [unique('booking_legs_position').on(table.bookingId, table.position)],
);

export const bookingPassengers = pgTable(
  'booking_passengers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    type: text('type').notNull().$type<'adult' | 'child' | 'infant'>(),
    title: text('title').notNull().$type<'Mr' | 'Mrs' | 'Ms' | 'Miss' | 'Mstr'>(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    gender: text('gender').notNull().$type<'male' | 'female' | 'other'>(),
    dateOfBirth: text('date_of_birth'),
    nationality: text('nationality').notNull(),
    passportNumber: text('passport_number'),
    passportExpiry: text('passport_expiry'),
    /** ISO 3166-1 alpha-2 country that issued the passport (null: the nationality's). */
    passportCountry: text('passport_country'),
    /** The name in Devanagari, printed beside the passport name (never sent to airlines). */
    displayNameNe: text('display_name_ne'),
    /**
     * What this passenger's date changes charged (docs/bookings.md#after-sales-money): the fare
     * differences (refundable with the fare) and the change fees (kept), minor units.
     */
    changesPaid: integer('changes_paid').notNull().default(0),
    changeFeesPaid: integer('change_fees_paid').notNull().default(0),
    /** What came back to the payer for this passenger (cancellations, void, disruption refund). */
    refunded: integer('refunded').notNull().default(0),
    /** When this passenger was cancelled (in part or with the whole booking); null while travelling. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (table) => [unique('booking_passengers_position').on(table.bookingId, table.position)],
);

/** Every status change of a booking: who, when, why. Append-only. */
export const bookingEvents = pgTable(
  'booking_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    status: text('status').notNull().$type<BookingStatusValue>(),
    /** A user's name, "system" or a gateway. */
    by: text('by').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /**
     * A cancellation's (or void's) fee: what the agency kept of what was paid for the part
     * cancelled, minor units of the booking's currency; null on other events (sales report).
     */
    cancellationFee: bigint('cancellation_fee', { mode: 'number' }),
    /**
     * The money of an after-sales event in minor units, for a view to format in its own language
     * (the note says the same in English); null for other events.
     */
    amounts: jsonb('amounts').$type<BookingEventAmounts>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('booking_events_booking_idx').on(table.bookingId)],
);

/** The 10-digit serial part of ticket numbers. */
export const ticketSerial = pgSequence('ticket_serial_seq', { startWith: 1000000001 });

/**
 * One ticket number per passenger per flight. An outside supplier's e-ticket covers every flight
 * of its order, so its number repeats on each of them (the key is the passenger and the flight).
 */
export const tickets = pgTable(
  'tickets',
  {
    /** 13 digits: the airline's accounting code (or the house prefix) and a 10-digit serial. */
    ticketNumber: text('ticket_number').notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    passengerId: uuid('passenger_id')
      .notNull()
      .references(() => bookingPassengers.id, { onDelete: 'cascade' }),
    /** Index of the flight in the itinerary, counting across legs from 0. */
    segmentIndex: smallint('segment_index').notNull(),
    status: text('status').notNull().$type<'open' | 'void' | 'refunded' | 'exchanged'>(),
    /** A reissued ticket (date change): the number of the ticket it replaced, now `exchanged`. */
    reissuedFrom: text('reissued_from'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One e-ticket of an outside supplier covers every flight of its order: a number repeats per flight.
    primaryKey({ columns: [table.ticketNumber, table.segmentIndex] }),
    // One ticket in force per passenger and flight; exchanged ones stay beside their reissue.
    uniqueIndex('tickets_passenger_segment')
      .on(table.passengerId, table.segmentIndex)
      .where(sql`${table.status} <> 'exchanged'`),
    index('tickets_booking_idx').on(table.bookingId),
    check('tickets_number_check', sql`${table.ticketNumber} ~ '^[0-9]{13}$'`),
    check('tickets_status_check', sql`${table.status} in ('open', 'void', 'refunded', 'exchanged')`),
  ],
);

/**
 * `transfer_out` / `transfer_in`: a master agent funding a sub-agent (docs/accounts.md#sub-agents);
 * `sub_agent_commission`: the master's part of a sub-agent's ticketed booking;
 * `sub_agent_commission_reversal`: that part taken back as the booking is refunded or voided.
 */
export const WALLET_ENTRY_KINDS = [
  'top_up',
  'booking_debit',
  'refund_credit',
  'settlement',
  /** A date change's fare difference and fee (one per change, so several per booking). */
  'change_debit',
  'transfer_out',
  'transfer_in',
  'sub_agent_commission',
  'sub_agent_commission_reversal',
] as const;
/** Kinds that take money out of a wallet (negative amounts). */
export const WALLET_DEBIT_KINDS = [
  'booking_debit',
  'change_debit',
  'transfer_out',
  'sub_agent_commission_reversal',
] as const;
export type WalletEntryKind = (typeof WALLET_ENTRY_KINDS)[number];

/**
 * The wallet as an append-only ledger: the sum of a user's entries is the balance, which
 * `users.wallet_balance` mirrors (kept equal in the same transaction). A booking is debited at
 * most once; it may be credited once per part cancelled (docs/bookings.md#partial-cancellation) or voided.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<WalletEntryKind>(),
    /** Signed, in minor units: positive adds to the balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    note: text('note'),
    /** A top-up's outside reference (bank deposit, receipt): one top-up per reference and user. */
    reference: text('reference'),
    /** Who made a top-up (an admin); null for entries the system makes. */
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('wallet_entries_user_idx').on(table.userId),
    // A booking's entries of one kind (a sub-agent's master commission, at issue and at refund).
    index('wallet_entries_booking_idx').on(table.bookingId),
    uniqueIndex('wallet_entries_user_reference')
      .on(table.userId, table.reference)
      .where(sql`${table.reference} is not null`),
    // A booking is debited once; refunds may be several (a partial cancellation per passenger
    // group, then the rest), each guarded by its tickets' status under the booking's row lock.
    uniqueIndex('wallet_entries_once_per_booking')
      .on(table.bookingId, table.kind)
      .where(sql`${table.bookingId} is not null and ${table.kind} = 'booking_debit'`),
    check(
      'wallet_entries_kind_check',
      sql`${table.kind} in ('top_up', 'booking_debit', 'refund_credit', 'settlement', 'change_debit', 'transfer_out', 'transfer_in', 'sub_agent_commission', 'sub_agent_commission_reversal')`,
    ),
    check(
      'wallet_entries_sign_check',
      sql`(${table.kind} in ('booking_debit', 'change_debit', 'transfer_out', 'sub_agent_commission_reversal') and ${table.amount} < 0) or (${table.kind} not in ('booking_debit', 'change_debit', 'transfer_out', 'sub_agent_commission_reversal') and ${table.amount} > 0)`,
    ),
  ],
);

/**
 * Money owed back: a wallet credit made at once (`completed`), or a gateway payment to return
 * (`pending`) — through the gateway's merchant panel by an operator, or (`automatic`) through the
 * gateway's refund API, made by the app and retried by the booking jobs until it answers. Includes
 * a payment that arrived after its hold lapsed, and a second capture of a paid booking (the
 * payment attempt in `excess`).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    method: text('method').notNull().$type<'wallet' | 'esewa' | 'khalti' | 'connectips'>(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().$type<'pending' | 'completed'>(),
    paymentReference: text('payment_reference'),
    reason: text('reason').notNull(),
    /** Made by the app through the gateway's refund API (false: by hand, or a wallet credit). */
    automatic: boolean('automatic').notNull().default(false),
    /**
     * Which part of the booking the refund is for: `booking` (the whole, or what was left of it),
     * `passengers:<ids>` (a partial cancellation), `void` (a same-day void).
     */
    part: text('part').notNull().default('booking'),
    /** When the app last called the gateway's refund API (a lease, so one instance calls at a time). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** Why the last automatic refund did not go through (a refusal leaves it to an operator). */
    lastError: text('last_error'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** A refund made by hand: the gateway's reference of the money sent back, as the operator read it. */
    completedReference: text('completed_reference'),
    /** A refund made by hand: the operator who recorded it as sent. */
    completedBy: uuid('completed_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('refunds_automatic_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.automatic} and ${table.status} = 'pending'`),
    uniqueIndex('refunds_once_per_payment').on(table.bookingId, table.paymentReference, table.part),
    check('refunds_amount_check', sql`${table.amount} >= 0`),
  ],
);
