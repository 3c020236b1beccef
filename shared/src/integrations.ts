import { z } from 'zod';
import { typedName } from './typed-name';

/**
 * What an API key may do (docs/accounts.md#api-keys): `search` flights with the owner's prices, `book` (hold,
 * cancel), `pay` (from the wallet or a gateway) and `read` (bookings, tickets, the account).
 */
export const API_KEY_SCOPES = ['search', 'book', 'pay', 'read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every API key starts with this, so a bearer token is told apart from a session token. */
export const API_KEY_PREFIX = 'tka_';

export const createApiKeyRequest = z.object({
  name: typedName(
    z.string().trim().min(1, 'Enter a name for the key.').max(120, 'Use at most 120 characters.'),
  ),
  /** Leave out for every scope. */
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1, 'Choose at least one scope.')
    .max(API_KEY_SCOPES.length)
    .optional(),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequest>;

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to recognise it; the rest is never shown again. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  createdAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('ISO 8601, to the minute; null: never used'),
  revokedAt: z.string().nullable().describe('ISO 8601; null: the key works'),
});
export type ApiKey = z.infer<typeof apiKey>;

/** The creation answer: the only time the key itself is ever shown. */
export const createdApiKey = apiKey.extend({
  key: z.string().describe('Shown once: send it as `Authorization: Bearer <key>`'),
});
export type CreatedApiKey = z.infer<typeof createdApiKey>;

/** What a webhook can be told about (docs/webhooks.md). */
export const WEBHOOK_EVENTS = [
  'booking.held',
  'booking.ticketed',
  'booking.cancelled',
  'booking.refunded',
  'flight.disrupted',
  'wallet.low',
  /** An agent's deposit request was approved (the wallet credited) or rejected. */
  'wallet.deposit',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The event `POST /webhooks/:id/test` sends to one webhook only; nobody subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
/** What a delivery can carry: a subscribed event or a test. */
export const WEBHOOK_DELIVERY_TYPES = [...WEBHOOK_EVENTS, WEBHOOK_TEST_EVENT] as const;
export type WebhookDeliveryType = (typeof WEBHOOK_DELIVERY_TYPES)[number];

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Tikat-Signature';

export const createWebhookRequest = z.object({
  url: z
    .string()
    .trim()
    .max(2000, 'Use at most 2000 characters.')
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
      message: 'Enter an http:// or https:// address.',
    }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1, 'Choose at least one event.')
    .max(WEBHOOK_EVENTS.length)
    .refine((events) => new Set(events).size === events.length, { message: 'Name each event once.' }),
});
export type CreateWebhookRequest = z.infer<typeof createWebhookRequest>;

export const webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  createdAt: z.string().describe('ISO 8601'),
  /** Set when deliveries kept failing; the owner was e-mailed. Register it again to resume. */
  disabledAt: z.string().nullable().describe('ISO 8601'),
});
export type Webhook = z.infer<typeof webhook>;

/** The registration answer: the only time the signing secret is shown. */
export const createdWebhook = webhook.extend({
  secret: z.string().describe('Shown once: verifies the Tikat-Signature header (docs/webhooks.md)'),
});
export type CreatedWebhook = z.infer<typeof createdWebhook>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

export const webhookDelivery = z.object({
  id: z.string(),
  eventId: z.string(),
  type: z.enum(WEBHOOK_DELIVERY_TYPES),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  /** The receiver's HTTP status on the last attempt; null: no answer (refused, timed out). */
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string().describe('ISO 8601'),
  deliveredAt: z.string().nullable().describe('ISO 8601'),
  nextAttemptAt: z.string().nullable().describe('ISO 8601; null once delivered or given up'),
});
export type WebhookDelivery = z.infer<typeof webhookDelivery>;

export const webhookDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
