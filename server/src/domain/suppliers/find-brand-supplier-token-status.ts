import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandSupplierCredentials } from '../../db/schema/index';

/** What may be shown of a brand's saved supplier token (never the token). */
export interface BrandSupplierTokenStatus {
  configured: boolean;
  tokenHint: string | null;
  updatedAt: Date | null;
}

export const ofBrandSupplier = (brandId: string, supplier: string) =>
  and(eq(brandSupplierCredentials.brandId, brandId), eq(brandSupplierCredentials.supplier, supplier));

/** Whether the brand saved its own token with the supplier, and its hint. */
export async function findBrandSupplierTokenStatus(
  db: Db,
  options: { brandId: string; supplier: string },
): Promise<BrandSupplierTokenStatus> {
  const [row] = await db
    .select({ tokenHint: brandSupplierCredentials.tokenHint, updatedAt: brandSupplierCredentials.updatedAt })
    .from(brandSupplierCredentials)
    .where(ofBrandSupplier(options.brandId, options.supplier));
  return { configured: Boolean(row), tokenHint: row?.tokenHint ?? null, updatedAt: row?.updatedAt ?? null };
}
