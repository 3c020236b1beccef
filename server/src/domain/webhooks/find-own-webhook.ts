import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { webhooks } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { WebhookRow } from './create-webhook';

/** One of the user's webhooks (not deleted), or 404 NOT_FOUND: another user's is never found. */
export async function findOwnWebhook(
  db: Db,
  options: { userId: string; brandId: string; webhookId: string },
): Promise<WebhookRow> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(
      and(
        eq(webhooks.id, options.webhookId),
        eq(webhooks.userId, options.userId),
        eq(webhooks.brandId, options.brandId),
        isNull(webhooks.deletedAt),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', 'There is no such webhook.');
  return row;
}
