import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookingChanges } from './booking-changes';
import { bookings } from './bookings';
import { brands } from './brands';

/**
 * What a brand's tax invoices say of the seller (docs/finance.md): its registered name, address,
 * PAN (9 digits) and VAT registration. Edited by the brand's admins, each change audited.
 */
export const brandTaxProfiles = pgTable(
  'brand_tax_profiles',
  {
    brandId: uuid('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    pan: text('pan').notNull(),
    vatNumber: text('vat_number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('brand_tax_profiles_pan_check', sql`${table.pan} ~ '^[0-9]{9}$'`)],
);

/**
 * A brand's after-sales charges (docs/bookings.md#void): the void fee kept when a ticket is voided the day it
 * was issued, per currency, in minor units. No row: 0. Edited by the brand's admins, audited.
 */
export const brandFinanceSettings = pgTable(
  'brand_finance_settings',
  {
    brandId: uuid('brand_id')
      .primaryKey()
      .references(() => brands.id, { onDelete: 'cascade' }),
    voidFeeNpr: integer('void_fee_npr').notNull().default(0),
    voidFeeUsd: integer('void_fee_usd').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'brand_finance_settings_void_fee_check',
      sql`${table.voidFeeNpr} >= 0 and ${table.voidFeeUsd} >= 0`,
    ),
  ],
);

/** A buyer's PAN kept on their profile (an agent's company), used when a booking names none. */
export const userTaxProfiles = pgTable(
  'user_tax_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The name the buyer is invoiced under (an agency's company name); null: the user's own name. */
    buyerName: text('buyer_name'),
    pan: text('pan').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('user_tax_profiles_pan_check', sql`${table.pan} ~ '^[0-9]{9}$'`)],
);

export const TAX_DOCUMENT_SERIES = ['invoice', 'credit_note'] as const;
export type TaxDocumentSeries = (typeof TAX_DOCUMENT_SERIES)[number];

/**
 * The last number given per brand, series and Nepali fiscal year (`2083/84`). A document takes
 * the next number from its row locked FOR UPDATE in the transaction that issues it, so a rolled
 * back payment gives its number back and the series has no gaps (unlike a sequence).
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    series: text('series').notNull().$type<TaxDocumentSeries>(),
    fiscalYear: text('fiscal_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.series, table.fiscalYear] }),
    check('tax_document_counters_series_check', sql`${table.series} in ('invoice', 'credit_note')`),
  ],
);

/** One line of a tax document, in minor units (see domain/finance/invoice-lines.ts). */
export interface TaxDocumentLine {
  description: string;
  /** Amount VAT is charged on. */
  taxable: number;
  vat: number;
  /** Charges outside VAT (passenger service charge). */
  nonTaxable: number;
  /** International carriage, zero-rated. */
  export: number;
}

export interface TaxDocumentBuyer {
  name: string;
  pan: string | null;
}

/** The seller as the document printed it (the brand's tax profile then). */
export interface TaxDocumentSeller {
  name: string;
  address: string;
  pan: string;
  vatNumber: string;
}

// No cascade: a tax document outlives nothing it cites; deleting its booking or brand is refused.
const documentColumns = {
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id),
  bookingId: uuid('booking_id')
    .notNull()
    .references(() => bookings.id),
  fiscalYear: text('fiscal_year').notNull(),
  sequence: integer('sequence').notNull(),
  /** `2083/84-000123` (invoices), `CN-2083/84-000007` (credit notes). */
  number: text('number').notNull(),
  currency: text('currency').notNull().$type<'NPR' | 'USD'>(),
  seller: jsonb('seller').notNull().$type<TaxDocumentSeller>(),
  buyer: jsonb('buyer').notNull().$type<TaxDocumentBuyer>(),
  lines: jsonb('lines').notNull().$type<TaxDocumentLine[]>(),
  taxable: bigint('taxable', { mode: 'number' }).notNull(),
  vat: bigint('vat', { mode: 'number' }).notNull(),
  nonTaxable: bigint('non_taxable', { mode: 'number' }).notNull(),
  exportSales: bigint('export_sales', { mode: 'number' }).notNull(),
  total: bigint('total', { mode: 'number' }).notNull(),
  /** The BS date of issue (`2083-08-10`), Nepal time. */
  issuedOnBs: text('issued_on_bs').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * Tax invoices: one per paid booking (its sale), plus one per date change that charged something
 * (`booking_change_id`: the fare difference and change fee); never updated or deleted (a trigger
 * refuses it).
 */
export const taxInvoices = pgTable(
  'tax_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...documentColumns,
    bookingChangeId: uuid('booking_change_id').references(() => bookingChanges.id),
  },
  (table) => [
    unique('tax_invoices_brand_number').on(table.brandId, table.fiscalYear, table.sequence),
    uniqueIndex('tax_invoices_booking').on(table.bookingId).where(sql`${table.bookingChangeId} is null`),
    unique('tax_invoices_booking_change').on(table.bookingChangeId),
    index('tax_invoices_brand_issued_idx').on(table.brandId, table.issuedOnBs),
  ],
);

/** Credit notes (sales returns): each cites its invoice; never updated or deleted. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ...documentColumns,
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => taxInvoices.id),
    invoiceNumber: text('invoice_number').notNull(),
    reason: text('reason').notNull(),
    /**
     * A same-day void: the note reverses its whole invoice, and the sales register shows both with
     * zero amounts and a note instead of a sale and a return (docs/finance.md, "Void").
     */
    voidsInvoice: boolean('voids_invoice').notNull().default(false),
  },
  (table) => [
    unique('credit_notes_brand_number').on(table.brandId, table.fiscalYear, table.sequence),
    index('credit_notes_brand_issued_idx').on(table.brandId, table.issuedOnBs),
    index('credit_notes_booking_idx').on(table.bookingId),
  ],
);
