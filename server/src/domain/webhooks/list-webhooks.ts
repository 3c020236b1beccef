import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhooks } from '../../db/schema/index';
import type { WebhookRow } from './create-webhook';

/** The user's webhooks (not the deleted ones), newest first. */
export async function listWebhooks(
  db: Db,
  options: { userId: string; brandId: string },
): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.userId, options.userId),
        eq(webhooks.brandId, options.brandId),
        isNull(webhooks.deletedAt),
      ),
    )
    .orderBy(desc(webhooks.createdAt));
}
