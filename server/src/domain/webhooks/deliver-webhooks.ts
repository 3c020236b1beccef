import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { WEBHOOK_SIGNATURE_HEADER } from '#shared/integrations';
import { type Db, queryRows } from '../../db/client';
import {
  users,
  webhookDeliveries,
  webhookDeliveryAttempts,
  webhookEvents,
  webhooks,
} from '../../db/schema/index';
import { openSecrets } from '../crypto/secret-box';
import { sendEmail } from '../email/send-email';
import { postWebhook } from './post-webhook';
import { signWebhookBody } from './webhook-signature';

export type WebhookEventRow = typeof webhookEvents.$inferSelect;

export interface DeliverWebhooksOptions {
  secretsKey: Buffer;
  allowPrivate: boolean;
  /** The event's resource as the API presents it (a booking, a wallet), made at the first delivery. */
  presentResource: (event: WebhookEventRow) => Promise<unknown>;
  /** Deliveries are retried with back-off for this long after their event, then given up. */
  retryHours: number;
  /** A webhook is disabled after this many failed attempts in a row (its owner is e-mailed). */
  disableAfterFailures: number;
  timeoutMs: number;
  log: FastifyBaseLogger;
  /** Most deliveries sent in one pass. */
  batchSize?: number;
}

/** Back-off after the n-th failed attempt (1, 2, …): 30 s, 1 min, 2 min … at most 4 h. */
export const retryDelayMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 4 * 3_600_000);

/** Deliveries of one pass sent at once (receivers answer in parallel; the database writes queue). */
const CONCURRENCY = 10;

interface Claimed {
  id: string;
  webhook_id: string;
  event_id: string;
  attempts: number;
  created_at: Date | string;
}

/**
 * Sends the due webhook deliveries (the `webhooks.deliver` job): each claimed once (several
 * instances may run this at once), its event's body made and kept on the first attempt, signed
 * with the webhook's secret at the time of sending, POSTed without following redirects. A 2xx
 * delivers it; anything else is logged with its status code and tried again with exponential
 * back-off until `retryHours` after the event, then given up. At least once: a receiver may see an
 * event twice (the same event id) and should drop repeats. Answers how many were delivered.
 */
export async function deliverWebhooks(db: Db, options: DeliverWebhooksOptions): Promise<number> {
  const batchSize = options.batchSize ?? 50;
  // Claims outlast the slowest pass (every wave of receivers at their time-out), so no delivery is
  // sent twice by two passes; a crashed sender's claims lapse and the next pass sends them.
  const claimMs = Math.ceil(batchSize / CONCURRENCY) * options.timeoutMs + 60_000;
  const claimed = await queryRows<Claimed>(
    db,
    sql`update webhook_deliveries set claimed_until = now() + ${`${claimMs} milliseconds`}::interval,
          attempts = attempts + 1
        where id in (
          select id from webhook_deliveries
          where delivered_at is null and failed_at is null and next_attempt_at <= now()
            and (claimed_until is null or claimed_until < now())
          order by next_attempt_at
          limit ${batchSize}
          for update skip locked)
        returning id, webhook_id, event_id, attempts, created_at`,
  );
  let delivered = 0;
  const queue = [...claimed];
  const sender = async () => {
    for (let delivery = queue.shift(); delivery; delivery = queue.shift()) {
      try {
        if (await deliverOne(db, delivery, options)) delivered++;
      } catch (error) {
        options.log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, sender));
  return delivered;
}

async function deliverOne(db: Db, delivery: Claimed, options: DeliverWebhooksOptions): Promise<boolean> {
  const [found] = await db
    .select({ webhook: webhooks, event: webhookEvents })
    .from(webhooks)
    .innerJoin(webhookEvents, eq(webhookEvents.id, delivery.event_id))
    .where(eq(webhooks.id, delivery.webhook_id));
  if (!found) return false;
  const { webhook, event } = found;
  if (webhook.deletedAt || webhook.disabledAt) {
    await db
      .update(webhookDeliveries)
      .set({ failedAt: new Date(), claimedUntil: null, lastError: 'The webhook is disabled or deleted.' })
      .where(eq(webhookDeliveries.id, delivery.id));
    return false;
  }
  const payload = event.payload ?? (await keepPayload(db, event, options));
  const body = JSON.stringify(payload);
  const { secret } = openSecrets(webhook.sealedSecret, options.secretsKey);
  const started = Date.now();
  const response = await postWebhook(
    webhook.url,
    body,
    {
      [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret ?? '', Math.floor(started / 1000), body),
      'tikat-event-id': event.id,
      'user-agent': 'Tikat-Webhooks/1',
    },
    { timeoutMs: options.timeoutMs, allowPrivate: options.allowPrivate },
  );
  const ok = response.statusCode !== null && response.statusCode >= 200 && response.statusCode < 300;
  const error =
    response.error ??
    (ok ? null : `The receiver answered ${response.statusCode}; only a 2xx counts as delivered.`);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(webhookDeliveryAttempts).values({
      deliveryId: delivery.id,
      statusCode: response.statusCode,
      error,
      durationMs: now.getTime() - started,
    });
    if (ok) {
      await tx
        .update(webhookDeliveries)
        .set({ deliveredAt: now, claimedUntil: null, lastStatusCode: response.statusCode, lastError: null })
        .where(eq(webhookDeliveries.id, delivery.id));
      await tx.update(webhooks).set({ consecutiveFailures: 0 }).where(eq(webhooks.id, webhook.id));
      return;
    }
    const createdAt = new Date(delivery.created_at);
    const next = new Date(now.getTime() + retryDelayMs(delivery.attempts));
    const givenUp = next.getTime() > createdAt.getTime() + options.retryHours * 3_600_000;
    await tx
      .update(webhookDeliveries)
      .set({
        claimedUntil: null,
        lastStatusCode: response.statusCode,
        lastError: error,
        nextAttemptAt: next,
        failedAt: givenUp ? now : null,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    const [counted] = await tx
      .update(webhooks)
      .set({ consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1` })
      .where(eq(webhooks.id, webhook.id))
      .returning({ failures: webhooks.consecutiveFailures });
    if ((counted?.failures ?? 0) >= options.disableAfterFailures) await disableWebhook(tx, webhook, now);
  });
  return ok;
}

/** The event's body, made once: a concurrent first attempt keeps the one written first. */
async function keepPayload(
  db: Db,
  event: WebhookEventRow,
  options: DeliverWebhooksOptions,
): Promise<Record<string, unknown>> {
  const payload = {
    id: event.id,
    type: event.type,
    time: event.occurredAt.toISOString(),
    data: await options.presentResource(event),
  };
  await db
    .update(webhookEvents)
    .set({ payload })
    .where(and(eq(webhookEvents.id, event.id), isNull(webhookEvents.payload)));
  const [kept] = await db
    .select({ payload: webhookEvents.payload })
    .from(webhookEvents)
    .where(eq(webhookEvents.id, event.id));
  return kept?.payload ?? payload;
}

/** Stops a failing webhook: its pending deliveries are given up and its owner is e-mailed (the outbox). */
async function disableWebhook(tx: Db, webhook: typeof webhooks.$inferSelect, now: Date): Promise<void> {
  const [disabled] = await tx
    .update(webhooks)
    .set({ disabledAt: now })
    .where(and(eq(webhooks.id, webhook.id), isNull(webhooks.disabledAt)))
    .returning();
  if (!disabled) return;
  await tx
    .update(webhookDeliveries)
    .set({ failedAt: now, lastError: 'The webhook was disabled after failing repeatedly.' })
    .where(
      and(
        eq(webhookDeliveries.webhookId, webhook.id),
        isNull(webhookDeliveries.deliveredAt),
        isNull(webhookDeliveries.failedAt),
      ),
    );
  const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, webhook.userId));
  if (!owner?.email) return;
  await sendEmail(tx, {
    brandId: webhook.brandId,
    to: owner.email,
    subject: 'Your webhook was disabled',
    text:
      `Deliveries to your webhook ${webhook.url} failed ${disabled.consecutiveFailures} times in a row, ` +
      'so it was disabled and nothing more is sent to it. The delivery log in your account shows ' +
      "the receiver's answers. When the receiver works again, register the webhook again.",
  });
}
