import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AccountUser } from '../accounts/find-user';
import { findOwnWebhook } from './find-own-webhook';
import type { WebhookDeliveryRow } from './list-webhook-deliveries';

/**
 * Sends a delivery's event to its webhook again, on request: a new delivery of the same event
 * (same event id, so receivers can drop the repeat), due at once; the old one stays in the log.
 */
export async function redeliverWebhookEvent(
  db: Db,
  options: { user: AccountUser; webhookId: string; deliveryId: string },
): Promise<WebhookDeliveryRow> {
  const { user } = options;
  const webhook = await findOwnWebhook(db, {
    userId: user.id,
    brandId: user.brandId,
    webhookId: options.webhookId,
  });
  if (webhook.disabledAt) {
    throw new AppError('CONFLICT', 'This webhook was disabled after failing: register it again to resume.');
  }
  const [previous] = await db
    .select({ eventId: webhookDeliveries.eventId, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(and(eq(webhookDeliveries.id, options.deliveryId), eq(webhookDeliveries.webhookId, webhook.id)));
  if (!previous) throw new AppError('NOT_FOUND', 'There is no such delivery of this webhook.');
  const [row] = await db
    .insert(webhookDeliveries)
    .values({ webhookId: webhook.id, eventId: previous.eventId })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return { ...row, type: previous.type };
}
