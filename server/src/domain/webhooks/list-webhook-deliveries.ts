import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { findOwnWebhook } from './find-own-webhook';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect & {
  type: (typeof webhookEvents.$inferSelect)['type'];
};

/** The delivery log of one of the user's webhooks, newest first. */
export async function listWebhookDeliveries(
  db: Db,
  options: { userId: string; brandId: string; webhookId: string; limit: number },
): Promise<WebhookDeliveryRow[]> {
  const webhook = await findOwnWebhook(db, options);
  return db
    .select({ ...getTableColumns(webhookDeliveries), type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.webhookId, webhook.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(options.limit);
}
