import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/index';
import type { ApiKeyRow } from './create-api-key';

/** The user's own keys, newest first, revoked ones included (their hashes stay in the database). */
export async function listApiKeys(
  db: Db,
  options: { userId: string; brandId: string },
): Promise<ApiKeyRow[]> {
  return db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, options.userId), eq(apiKeys.brandId, options.brandId)))
    .orderBy(desc(apiKeys.createdAt));
}
