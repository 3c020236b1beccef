import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { brands } from './brands';

export const APPROVAL_ACTIONS = ['wallet_top_up', 'credit_limit', 'hand_refund', 'commission_grant'] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * A brand's four-eyes thresholds (docs/admin.md#four-eyes-approvals): above each, the action waits
 * for a second owner or finance member. No row: the defaults of `DEFAULT_APPROVAL_POLICY`.
 */
export const approvalPolicies = pgTable('approval_policies', {
  brandId: uuid('brand_id')
    .primaryKey()
    .references(() => brands.id, { onDelete: 'cascade' }),
  /** Minor units. */
  topUpThreshold: bigint('top_up_threshold', { mode: 'number' }).notNull(),
  creditLimitThreshold: bigint('credit_limit_threshold', { mode: 'number' }).notNull(),
  handRefundThreshold: bigint('hand_refund_threshold', { mode: 'number' }).notNull(),
  /** Basis points: a granted commission above it waits. */
  commissionRateThreshold: bigint('commission_rate_threshold', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A console money action above its threshold, waiting for a second person (or decided). */
export const approvals = pgTable(
  'approvals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    action: text('action').notNull().$type<ApprovalAction>(),
    /** Minor units (basis points for a commission grant). */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The action's request as proposed: applied as is on approval. */
    payload: jsonb('payload').notNull().$type<Record<string, unknown>>(),
    status: text('status').notNull().$type<ApprovalStatus>().default('pending'),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('approvals_brand_status_idx').on(table.brandId, table.status, table.id),
    check('approvals_status_check', sql`${table.status} in ('pending', 'approved', 'rejected')`),
  ],
);
