import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bookingChanges } from './booking-changes';
import { refunds, walletEntries } from './bookings';
import { brands } from './brands';
import { creditNotes, taxInvoices } from './finance';
import { paymentAttempts } from './payments';

/**
 * The books (double entry, docs/finance-statements.md): every money movement is one journal of lines
 * that sum to zero per currency. A journal is one source row, exactly one of:
 * - a wallet entry: the agent's account `agent:<user id>` (signed as the wallet sees it) against the
 *   brand's `brand:<brand id>:bank`, `:sales` or `:agent-transfers`;
 * - a captured gateway payment (`payment_attempts` paid or excess): `gateway:<name>` − amount,
 *   `brand:<brand id>:sales` + amount;
 * - a completed gateway refund (`refunds`, method a gateway): `gateway:<name>` + amount, sales − amount;
 * - a tax invoice's VAT: sales − VAT, `tax:<brand id>:vat` + VAT; a credit note's VAT the reverse;
 * - a date change collected by the agency (`booking_changes.paid_with = 'agency'`): the money the
 *   agency took from the traveller outside the app, `brand:<brand id>:agency-collected` − amount,
 *   sales + amount.
 * Signs: positive is what the books owe or earned (credit), negative what they hold (debit).
 * Written by triggers on the source tables in the statement that inserts the row or changes its
 * status, so in the caller's transaction (migrations 0020, 0027, 0030, 0034); `npm run check:books` checks.
 * Why triggers: docs/decisions/0012-ledger-written-by-triggers.md.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletEntryId: bigint('wallet_entry_id', { mode: 'number' }).references(() => walletEntries.id, {
      onDelete: 'cascade',
    }),
    paymentAttemptId: uuid('payment_attempt_id').references(() => paymentAttempts.id, {
      onDelete: 'cascade',
    }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    taxInvoiceId: uuid('tax_invoice_id').references(() => taxInvoices.id),
    creditNoteId: uuid('credit_note_id').references(() => creditNotes.id),
    bookingChangeId: uuid('booking_change_id').references(() => bookingChanges.id, { onDelete: 'cascade' }),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    /** Signed, minor units; the lines of one journal sum to zero. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_lines_entry_idx').on(table.walletEntryId),
    index('ledger_lines_account_idx').on(table.account),
    // One journal per captured payment, completed refund, tax document and agency-collected change.
    uniqueIndex('ledger_lines_payment_attempt_key').on(table.paymentAttemptId, table.account),
    uniqueIndex('ledger_lines_refund_key').on(table.refundId, table.account),
    uniqueIndex('ledger_lines_tax_invoice_key').on(table.taxInvoiceId, table.account),
    uniqueIndex('ledger_lines_credit_note_key').on(table.creditNoteId, table.account),
    uniqueIndex('ledger_lines_booking_change_key').on(table.bookingChangeId, table.account),
    check(
      'ledger_lines_one_journal_check',
      sql`num_nonnulls(${table.walletEntryId}, ${table.paymentAttemptId}, ${table.refundId}, ${table.taxInvoiceId}, ${table.creditNoteId}, ${table.bookingChangeId}) = 1`,
    ),
    check('ledger_lines_account_check', sql`${table.account} ~ '^(agent|brand|gateway|tax):'`),
  ],
);

/** One monthly statement e-mailed to one agent for one BS month: the job's once-only mark. */
export const walletStatementEmails = pgTable(
  'wallet_statement_emails',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bsYear: smallint('bs_year').notNull(),
    bsMonth: smallint('bs_month').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.bsYear, table.bsMonth] }),
    check('wallet_statement_emails_month_check', sql`${table.bsMonth} between 1 and 12`),
  ],
);
