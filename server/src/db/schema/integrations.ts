import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ApiKeyScope, WebhookDeliveryType, WebhookEventType } from '#shared/integrations';
import { users } from './accounts';
import { brands } from './brands';

/**
 * API keys (docs/accounts.md#api-keys): a user's own credential for their systems, acting as that user within
 * its scopes. Only a keyed hash of the key is stored (HMAC-SHA256, docs/security.md).
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`tka_` and 8 more), shown to recognise it. */
    prefix: text('prefix').notNull(),
    /** HMAC-SHA256 (hex) of the whole key, keyed from SESSION_SECRET. */
    keyHash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull().$type<ApiKeyScope[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('api_keys_key_hash_key').on(table.keyHash),
    index('api_keys_user_idx').on(table.userId),
  ],
);

/** A user's webhook: where to POST which events. The signing secret is sealed (AES-256-GCM). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull().$type<WebhookEventType[]>(),
    /** The signing secret, sealed with a key derived from SESSION_SECRET; opened only to sign. */
    sealedSecret: text('sealed_secret').notNull(),
    /** Failed attempts in a row, over all its deliveries; a success resets it. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set after WEBHOOK_DISABLE_AFTER_FAILURES failures in a row; nothing more is sent. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Deleted by its owner: kept for its delivery log, never sent to again. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('webhooks_user_idx').on(table.userId)],
);

/**
 * Something that happened, for its owner's webhooks: written in the transaction of the change
 * (an outbox), only when the owner has a webhook for it. The body is made at the first delivery
 * and kept, so every delivery and redelivery of the event carries the same resource.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A subscribed event, or `webhook.test` sent to one webhook on its owner's request. */
    type: text('type').notNull().$type<WebhookDeliveryType>(),
    /** `booking` (by id), `wallet` (the user's) or `deposit_request` (by id). */
    resourceType: text('resource_type').notNull().$type<'booking' | 'wallet' | 'deposit_request'>(),
    resourceId: text('resource_id').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** The JSON body, made at the first delivery attempt. */
    payload: jsonb('payload').$type<Record<string, unknown>>(),
  },
  (table) => [index('webhook_events_user_idx').on(table.userId, table.occurredAt)],
);

/** One event to one webhook: retried with back-off until delivered or WEBHOOK_RETRY_HOURS pass. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A sender holds the row until then; a crashed sender's claim lapses. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Given up: the retry period passed or the webhook was disabled. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (table) => [
    index('webhook_deliveries_webhook_idx').on(table.webhookId, table.createdAt),
    index('webhook_deliveries_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
  ],
);

/** Every attempt of a delivery: when, the receiver's status code or the error, how long it took. */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [index('webhook_delivery_attempts_delivery_idx').on(table.deliveryId)],
);
