import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { walletEntries } from './bookings';
import { brands } from './brands';

export const DEPOSIT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DepositRequestStatus = (typeof DEPOSIT_REQUEST_STATUSES)[number];

/** Raw bytes (a deposit slip), a Buffer on both PGlite and node-postgres. */
const bytes = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An agent's word that they paid money in at the bank (docs/finance-statements.md#deposit-requests):
 * the amount, the bank's reference, the day, and a slip; finance approves it (the wallet is credited
 * once, `wallet_entry_id`) or rejects it, each decision audited. The slip stays in the database:
 * only its owner and the brand's finance staff read it.
 */
export const depositRequests = pgTable(
  'deposit_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Minor units of the wallet's currency. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** The bank's deposit reference, as the agent read it from the slip. */
    reference: text('reference').notNull(),
    /** The Nepal calendar day (AD) the money was paid in. */
    depositedOn: date('deposited_on', { mode: 'string' }).notNull(),
    slip: bytes('slip'),
    slipContentType: text('slip_content_type'),
    status: text('status').notNull().$type<DepositRequestStatus>().default('pending'),
    /** The staff member's note with the decision (a rejection's reason). */
    decisionNote: text('decision_note'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The top-up an approval made. */
    walletEntryId: bigint('wallet_entry_id', { mode: 'number' }).references(() => walletEntries.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deposit_requests_brand_status_idx').on(table.brandId, table.status, table.id),
    index('deposit_requests_user_idx').on(table.userId, table.id),
    // One live request per deposit: asked again after a rejection only.
    uniqueIndex('deposit_requests_user_reference')
      .on(table.userId, table.reference)
      .where(sql`${table.status} <> 'rejected'`),
    check('deposit_requests_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
    check('deposit_requests_amount_check', sql`${table.amount} > 0`),
  ],
);
