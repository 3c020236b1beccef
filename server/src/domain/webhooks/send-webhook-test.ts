import { WEBHOOK_TEST_EVENT } from '#shared/integrations';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhookEvents } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AccountUser } from '../accounts/find-user';
import { findOwnWebhook } from './find-own-webhook';
import type { WebhookDeliveryRow } from './list-webhook-deliveries';

/**
 * A test event to one of the user's webhooks, on request (docs/webhooks.md#testing): an event of
 * type `webhook.test` and one delivery to that webhook only, due at once, signed and logged like
 * any other. A disabled webhook is refused (409), as for a redelivery.
 */
export async function sendWebhookTest(
  db: Db,
  options: { user: AccountUser; webhookId: string },
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
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        brandId: user.brandId,
        userId: user.id,
        type: WEBHOOK_TEST_EVENT,
        resourceType: 'wallet',
        resourceId: user.id,
      })
      .returning({ id: webhookEvents.id, type: webhookEvents.type });
    if (!event) throw new Error('insert returned no row');
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({ webhookId: webhook.id, eventId: event.id })
      .returning();
    if (!row) throw new Error('insert returned no row');
    return { ...row, type: event.type };
  });
}
