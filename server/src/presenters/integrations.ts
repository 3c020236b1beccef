import type { ApiKey, Webhook, WebhookDelivery } from '#shared/integrations';
import type { ApiKeyRow } from '../domain/api-keys/create-api-key';
import type { WebhookRow } from '../domain/webhooks/create-webhook';
import type { WebhookDeliveryRow } from '../domain/webhooks/list-webhook-deliveries';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An API key without its hash: its prefix, scopes and last use. */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

/** A webhook without its secret. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
    disabledAt: iso(row.disabledAt),
  };
}

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  const done = row.deliveredAt ?? row.failedAt;
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    state: row.deliveredAt ? 'delivered' : row.failedAt ? 'failed' : 'pending',
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    deliveredAt: iso(row.deliveredAt),
    nextAttemptAt: done ? null : row.nextAttemptAt.toISOString(),
  };
}
