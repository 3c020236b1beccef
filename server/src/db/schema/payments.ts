import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { brands } from './brands';

export const GATEWAY_NAMES = ['esewa', 'khalti', 'connectips'] as const;
export type GatewayName = (typeof GATEWAY_NAMES)[number];

/**
 * `excess`: verified and captured, but the order had already been paid (by another attempt or
 * otherwise): money held for the payer, refunded (the order's refund record says how far).
 */
export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'paid', 'failed', 'cancelled', 'excess'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * One try at paying an order through a gateway. The gateway knows it by `reference` (eSewa
 * transaction_uuid, Khalti purchase_order_id, ConnectIPS TXNID and REFERENCEID).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The merchant's order (a booking) this attempt pays for. */
    orderId: text('order_id').notNull(),
    gateway: text('gateway').notNull().$type<GatewayName>(),
    /** Our transaction id at the gateway: 20 characters, letters and digits. */
    reference: text('reference').notNull(),
    /** In paisa. */
    amountPaisa: bigint('amount_paisa', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('NPR'),
    status: text('status').notNull().$type<PaymentAttemptStatus>().default('pending'),
    /** The gateway's own id for the payment once verified (eSewa ref_id, Khalti transaction_id…). */
    gatewayReference: text('gateway_reference'),
    /** A token the gateway handed out at initiation and wants back for look-ups (Khalti pidx). */
    gatewayToken: text('gateway_token'),
    /** What the gateway's status look-up answered when the payment was verified. */
    verifiedPayload: jsonb('verified_payload'),
    /** Why the attempt failed or was cancelled (or why it is in excess), for support. */
    failureReason: text('failure_reason'),
    /**
     * Taken in test mode (a sandbox, a test host or merchant, a brand's test account): no real
     * money moved. Null for attempts made before this was recorded.
     */
    testMode: boolean('test_mode'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (table) => [
    unique('payment_attempts_gateway_reference_key').on(table.gateway, table.reference),
    // At most one paid attempt per order: a second "mark paid" can never succeed.
    uniqueIndex('payment_attempts_one_paid_per_order').on(table.orderId).where(sql`${table.status} = 'paid'`),
    index('payment_attempts_pending_idx').on(table.createdAt).where(sql`${table.status} = 'pending'`),
    index('payment_attempts_order_idx').on(table.orderId),
    check('payment_attempts_amount_positive', sql`${table.amountPaisa} > 0`),
    check(
      'payment_attempts_status_known',
      sql`${table.status} in ('pending', 'paid', 'failed', 'cancelled', 'excess')`,
    ),
  ],
);

/**
 * The built-in sandbox gateways' own records, kept in the database so that they survive restarts
 * and every app instance answers the same. `status` holds the gateway's own status word.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    /** The sandbox's id of the payment (Khalti pidx; page address for the others). */
    id: text('id').primaryKey(),
    gateway: text('gateway').notNull().$type<GatewayName>(),
    /** The merchant as the gateway knows it (eSewa product code, ConnectIPS merchant id). */
    merchant: text('merchant').notNull(),
    /** The merchant's transaction id. */
    reference: text('reference').notNull(),
    /** In paisa. */
    amountPaisa: bigint('amount_paisa', { mode: 'number' }).notNull(),
    status: text('status').notNull(),
    /** The merchant's request fields as received (return URLs, order name…). */
    request: jsonb('request').notNull().$type<Record<string, string>>(),
    /** The gateway's transaction code, once paid. */
    transactionCode: text('transaction_code'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('sandbox_payments_reference_key').on(table.gateway, table.merchant, table.reference)],
);

/**
 * A brand's own merchant account with a gateway. `settings` holds what may be shown (merchant
 * code, app id…); `secretCiphertext` the secrets (AES-256-GCM, `encryptCredentialSecrets`), which
 * the API never answers: it says only whether they are set.
 */
export const brandPaymentCredentials = pgTable(
  'brand_payment_credentials',
  {
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull().$type<GatewayName>(),
    environment: text('environment').notNull().$type<'test' | 'production'>(),
    settings: jsonb('settings').notNull().$type<Record<string, string>>(),
    secretCiphertext: text('secret_ciphertext'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.gateway] }),
    check(
      'brand_payment_credentials_gateway_check',
      sql`${table.gateway} in ('esewa', 'khalti', 'connectips')`,
    ),
    check('brand_payment_credentials_environment_check', sql`${table.environment} in ('test', 'production')`),
  ],
);
