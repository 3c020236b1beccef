import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';
import type { ApiKeyRow } from './create-api-key';

/**
 * Revokes one of the user's keys: the next request with it is refused (keys are looked up on every
 * request, never cached). Revoking a revoked key answers it unchanged. Audited.
 */
export async function revokeApiKey(
  db: Db,
  options: { user: AccountUser; apiKeyId: string },
): Promise<ApiKeyRow> {
  const { user } = options;
  return db.transaction(async (tx) => {
    const mine = and(
      eq(apiKeys.id, options.apiKeyId),
      eq(apiKeys.userId, user.id),
      eq(apiKeys.brandId, user.brandId),
    );
    const [revoked] = await tx
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(and(mine, isNull(apiKeys.revokedAt)))
      .returning();
    if (revoked) {
      await recordAudit(tx, {
        brandId: revoked.brandId,
        actor: user,
        action: 'api-key.revoke',
        entityType: 'api-key',
        entityId: revoked.id,
        after: { name: revoked.name, prefix: revoked.prefix },
      });
      return revoked;
    }
    const [existing] = await tx.select().from(apiKeys).where(mine);
    if (!existing) throw new AppError('NOT_FOUND');
    return existing;
  });
}
