import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/** What Tikat did with an outside supplier's event. */
export const SUPPLIER_EVENT_OUTCOMES = ['flagged', 'unknown_order', 'ignored'] as const;
export type SupplierEventOutcome = (typeof SUPPLIER_EVENT_OUTCOMES)[number];

/**
 * Every outside supplier's event received (Duffel's webhooks), once per event id: an event sent
 * again (Duffel sends at least once, retrying for 72 hours) is acknowledged and not acted on twice.
 */
export const supplierEvents = pgTable(
  'supplier_events',
  {
    supplier: text('supplier').notNull(),
    /** The supplier's event id (Duffel's `wev_…`). */
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** The supplier's order the event is about, when it names one. */
    orderId: text('order_id'),
    outcome: text('outcome').notNull().$type<SupplierEventOutcome>(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.supplier, table.eventId] }),
    check('supplier_events_outcome_check', sql`${table.outcome} in ('flagged', 'unknown_order', 'ignored')`),
  ],
);

/**
 * A brand's own access token with an outside supplier (Duffel), used for its searches and orders
 * over the deployment's. `secretCiphertext` is the token sealed with AES-256-GCM (`sealSecrets`,
 * the gateway credentials' key); the API answers only `tokenHint` (its mode and last characters).
 */
export const brandSupplierCredentials = pgTable(
  'brand_supplier_credentials',
  {
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    supplier: text('supplier').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    /** What may be shown: `duffel_test_…wxyz`. */
    tokenHint: text('token_hint').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.supplier] }),
    check('brand_supplier_credentials_supplier_check', sql`${table.supplier} in ('duffel')`),
  ],
);
