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
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { walletEntries } from './bookings';
import { brands } from './brands';

/**
 * The double-entry side of the wallet ledger: each wallet entry is one journal of two lines that
 * sum to zero, one on the agent's account (`agent:<user id>`, signed as the wallet sees it) and one
 * on the brand's counter-account (`brand:<brand id>:bank` for top-ups and settlements,
 * `brand:<brand id>:sales` for booking debits and refunds). Written with the entry, in the same
 * transaction (`postWalletEntry`); `npm run check:books` sums every account (docs/finance-statements.md).
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    walletEntryId: bigint('wallet_entry_id', { mode: 'number' })
      .notNull()
      .references(() => walletEntries.id, { onDelete: 'cascade' }),
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
