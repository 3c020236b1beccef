import { API_KEY_SCOPES, type ApiKeyScope } from '#shared/integrations';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema/index';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';
import { apiKeyPrefixOf, hashApiKey, newApiKey } from './api-key-hash';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export interface CreateApiKeyOptions {
  /** The key's owner: it acts as them. */
  user: AccountUser;
  name: string;
  /** Undefined: every scope. */
  scopes?: ApiKeyScope[] | undefined;
  hashKey: Buffer;
}

/** Creates a key for its owner; the key is answered here only, and stored as its keyed hash. Audited. */
export async function createApiKey(
  db: Db,
  options: CreateApiKeyOptions,
): Promise<{ row: ApiKeyRow; key: string }> {
  const key = newApiKey();
  const scopes = API_KEY_SCOPES.filter((scope) => !options.scopes || options.scopes.includes(scope));
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiKeys)
      .values({
        brandId: options.user.brandId,
        userId: options.user.id,
        name: options.name,
        prefix: apiKeyPrefixOf(key),
        keyHash: hashApiKey(key, options.hashKey),
        scopes,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await recordAudit(tx, {
      brandId: row.brandId,
      actor: options.user,
      action: 'api-key.create',
      entityType: 'api-key',
      entityId: row.id,
      after: { name: row.name, prefix: row.prefix, scopes: row.scopes },
    });
    return { row, key };
  });
}
