import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys, users } from '../../db/schema/index';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';
import { hashApiKey } from './api-key-hash';
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
  options: { key: string; brandId: string; hashKey: Buffer },
): Promise<{ apiKey: ApiKeyRow; user: AccountUser } | undefined> {
  const [found] = await db
    .select({ apiKey: apiKeys, user: accountUserColumns })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.userId), eq(users.brandId, apiKeys.brandId)))
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(options.key, options.hashKey)),
        eq(apiKeys.brandId, options.brandId),
        isNull(apiKeys.revokedAt),
      ),
    );
  if (!found) return undefined;
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
