import { sql } from 'drizzle-orm';
import { tokenHintOf } from '#shared/supplier-credentials';
import type { Db } from '../../db/client';
import { brandSupplierCredentials } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { sealSecrets } from '../crypto/secret-box';
import {
  type BrandSupplierTokenStatus,
  findBrandSupplierTokenStatus,
} from './find-brand-supplier-token-status';

/**
 * Saves the brand's own access token with an outside supplier, sealed with the gateway
 * credentials' key (AES-256-GCM): from then on the brand's searches and orders use it over the
 * deployment's. Audited (`supplier_credentials.update`) with the hints before and after, never the token.
 */
export async function saveBrandSupplierToken(
  db: Db,
  options: { brandId: string; supplier: string; accessToken: string; actor: AuditActor; key: Buffer },
): Promise<BrandSupplierTokenStatus> {
  return db.transaction(async (tx) => {
    const before = await findBrandSupplierTokenStatus(tx, options);
    const tokenHint = tokenHintOf(options.accessToken);
    const secretCiphertext = sealSecrets({ accessToken: options.accessToken }, options.key);
    await tx
      .insert(brandSupplierCredentials)
      .values({ brandId: options.brandId, supplier: options.supplier, secretCiphertext, tokenHint })
      .onConflictDoUpdate({
        target: [brandSupplierCredentials.brandId, brandSupplierCredentials.supplier],
        set: { secretCiphertext, tokenHint, updatedAt: sql`now()` },
      });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'supplier_credentials.update',
      entityType: 'supplier',
      entityId: options.supplier,
      before: { tokenHint: before.tokenHint },
      after: { tokenHint },
    });
    return findBrandSupplierTokenStatus(tx, options);
  });
}
