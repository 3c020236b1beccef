import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhookDeliveries, webhooks } from '../../db/schema/index';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';
import type { WebhookRow } from './create-webhook';
import { findOwnWebhook } from './find-own-webhook';

/** Deletes one of the user's webhooks: nothing more is sent to it, pending deliveries included. Audited. */
export async function deleteWebhook(
  db: Db,
  options: { user: AccountUser; webhookId: string },
): Promise<WebhookRow> {
  const { user } = options;
  return db.transaction(async (tx) => {
    const found = await findOwnWebhook(tx, {
      userId: user.id,
      brandId: user.brandId,
      webhookId: options.webhookId,
    });
    const [row] = await tx
      .update(webhooks)
      .set({ deletedAt: new Date() })
      .where(eq(webhooks.id, found.id))
      .returning();
    await tx
      .update(webhookDeliveries)
      .set({ failedAt: new Date(), lastError: 'The webhook was deleted.' })
      .where(
        and(
          eq(webhookDeliveries.webhookId, found.id),
          isNull(webhookDeliveries.deliveredAt),
          isNull(webhookDeliveries.failedAt),
        ),
      );
    await recordAudit(tx, {
      brandId: found.brandId,
      actor: user,
      action: 'webhook.delete',
      entityType: 'webhook',
      entityId: found.id,
      before: { url: found.url, events: found.events },
    });
    return row ?? found;
  });
}
