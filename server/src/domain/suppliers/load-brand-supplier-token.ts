import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandSupplierCredentials } from '../../db/schema/index';
import { openSecrets } from '../crypto/secret-box';

/** How long a brand's token is kept in memory before it is read again (a save on this instance forgets it at once). */
const KEPT_MS = 30_000;
const kept = new Map<string, { token: string | null; at: number }>();

/** Forgets the brand's kept tokens (after its admin saved or removed one). */
export function forgetBrandSupplierTokens(brandId: string): void {
  for (const key of kept.keys()) if (key.startsWith(`${brandId}:`)) kept.delete(key);
}

/**
 * The brand's own access token with the supplier, opened, or null when it saved none (or it can
 * no longer be opened: SESSION_SECRET changed; the deployment's token is used until saved again).
 * docs/decisions/0005-duffel-per-brand.md.
 */
export async function loadBrandSupplierToken(
  db: Db,
  options: { brandId: string; supplier: string; key: Buffer; now?: number },
): Promise<string | null> {
  const now = options.now ?? Date.now();
  const cacheKey = `${options.brandId}:${options.supplier}`;
  const hit = kept.get(cacheKey);
  if (hit && now - hit.at < KEPT_MS) return hit.token;
  const [row] = await db
    .select({ secretCiphertext: brandSupplierCredentials.secretCiphertext })
    .from(brandSupplierCredentials)
    .where(
      and(
        eq(brandSupplierCredentials.brandId, options.brandId),
        eq(brandSupplierCredentials.supplier, options.supplier),
      ),
    );
  let token: string | null = null;
  if (row)
    try {
      token = openSecrets(row.secretCiphertext, options.key).accessToken ?? null;
    } catch {
      token = null;
    }
  kept.set(cacheKey, { token, at: now });
  return token;
}
