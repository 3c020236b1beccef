import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';
import type { DerivedKey } from '../crypto/key-ring';
import { apiKeyHashesOf } from './api-key-hash';
import type { ApiKeyRow } from './create-api-key';

/** Last-use times are written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * The live key of the brand with this value and its owner, or undefined (unknown, revoked, of
 * another brand). Marks it used (at most once a minute). Read on every request: a revocation
 * takes effect on the next one.
 */
export async function findApiKey(
  db: Db,
  options: { key: string; brandId: string; hashKey: DerivedKey },
): Promise<{ apiKey: ApiKeyRow; user: AccountUser } | undefined> {
  const [currentHash, ...previousHashes] = apiKeyHashesOf(options.key, options.hashKey);
  const [found] = await db
    .select({ apiKey: apiKeys, user: accountUserColumns })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.brandId, apiKeys.brandId)))
    .where(
      and(
        previousHashes.length === 0
          ? eq(apiKeys.keyHash, currentHash ?? '')
          : inArray(apiKeys.keyHash, [currentHash ?? '', ...previousHashes]),
        eq(apiKeys.brandId, options.brandId),
        isNull(apiKeys.revokedAt),
      ),
    );
  if (!found) return undefined;
  // Found by the previous secret's hash: stored under the current one from now on.
  if (currentHash && found.apiKey.keyHash !== currentHash) {
    await db.update(apiKeys).set({ keyHash: currentHash }).where(eq(apiKeys.id, found.apiKey.id));
    found.apiKey.keyHash = currentHash;
  }
  const now = new Date();
  if (!found.apiKey.lastUsedAt || now.getTime() - found.apiKey.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(
        and(
          eq(apiKeys.id, found.apiKey.id),
          or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`)),
        ),
      );
    found.apiKey.lastUsedAt = now;
  }
  return found;
}
