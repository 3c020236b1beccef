import type { WebhookEventType } from '#shared/integrations';
import type { Db } from '../../db/client';
import { webhooks } from '../../db/schema/index';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';
import { sealSecrets } from '../crypto/secret-box';
import { checkWebhookTarget } from './check-webhook-target';
import { newWebhookSecret } from './webhook-signature';

export type WebhookRow = typeof webhooks.$inferSelect;

export interface CreateWebhookOptions {
  user: AccountUser;
  url: string;
  events: WebhookEventType[];
  secretsKey: Buffer;
  /** WEBHOOKS_ALLOW_PRIVATE: development and tests call their own machine. */
  allowPrivate: boolean;
}

/**
 * Registers a webhook for the user's own events, after checking its address is public. The
 * signing secret is answered here only and kept sealed. Audited (never the secret).
 */
export async function createWebhook(
  db: Db,
  options: CreateWebhookOptions,
): Promise<{ row: WebhookRow; secret: string }> {
  await checkWebhookTarget(options.url, { allowPrivate: options.allowPrivate });
  const secret = newWebhookSecret();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhooks)
      .values({
        brandId: options.user.brandId,
        userId: options.user.id,
        url: options.url,
        events: options.events,
        sealedSecret: sealSecrets({ secret }, options.secretsKey),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      brandId: row.brandId,
      actor: options.user,
      action: 'webhook.create',
      entityType: 'webhook',
      entityId: row.id,
      after: { url: row.url, events: row.events },
    });
    return { row, secret };
  });
}
