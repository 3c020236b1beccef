import type { Db } from '../../db/client';
import { brandSupplierCredentials } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import {
  type BrandSupplierTokenStatus,
  findBrandSupplierTokenStatus,
  ofBrandSupplier,
} from './find-brand-supplier-token-status';

/** Removes the brand's own token: back to the deployment's (DUFFEL_ACCESS_TOKEN). Audited. */
export async function deleteBrandSupplierToken(
  db: Db,
  options: { brandId: string; supplier: string; actor: AuditActor },
): Promise<BrandSupplierTokenStatus> {
  return db.transaction(async (tx) => {
    const before = await findBrandSupplierTokenStatus(tx, options);
    if (!before.configured) return before;
    await tx.delete(brandSupplierCredentials).where(ofBrandSupplier(options.brandId, options.supplier));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'supplier_credentials.delete',
      entityType: 'supplier',
      entityId: options.supplier,
      before: { tokenHint: before.tokenHint },
      after: { tokenHint: null },
    });
    return findBrandSupplierTokenStatus(tx, options);
  });
}
