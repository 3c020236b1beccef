import { eq, sql } from 'drizzle-orm';
import type { BrandTaxProfileInput } from '#shared/finance';
import type { Db } from '../../db/client';
import { brandTaxProfiles } from '../../db/schema/index';
import { type AuditActor, changedFields, recordAudit } from '../audit/record-audit';

export type BrandTaxProfileRow = typeof brandTaxProfiles.$inferSelect;

/** The seller's details the brand's tax invoices print, or null when its admin has set none. */
export async function findBrandTaxProfile(db: Db, brandId: string): Promise<BrandTaxProfileRow | null> {
  const [row] = await db.select().from(brandTaxProfiles).where(eq(brandTaxProfiles.brandId, brandId));
  return row ?? null;
}

/**
 * Saves the brand's seller details and audits the changed fields (`brand.tax-profile.update`).
 * Documents already issued keep the details they printed: each stores its own seller.
 */
export async function updateBrandTaxProfile(
  db: Db,
  options: { brandId: string; actor: AuditActor; profile: Required<BrandTaxProfileInput> },
): Promise<BrandTaxProfileRow> {
  return db.transaction(async (tx) => {
    const current = await findBrandTaxProfile(tx, options.brandId);
    const [saved] = await tx
      .insert(brandTaxProfiles)
      .values({ brandId: options.brandId, ...options.profile })
      .onConflictDoUpdate({
        target: brandTaxProfiles.brandId,
        set: { ...options.profile, updatedAt: sql`now()` },
      })
      .returning();
    if (!saved) throw new Error('the tax profile was not saved');
    const fields = (row: BrandTaxProfileInput | null) => ({
      legalName: row?.legalName ?? null,
      address: row?.address ?? null,
      pan: row?.pan ?? null,
      vatNumber: row?.vatNumber ?? null,
    });
    const changes = changedFields(fields(current), fields(saved));
    if (changes) {
      await recordAudit(tx, {
        brandId: options.brandId,
        actor: options.actor,
        action: 'brand.tax-profile.update',
        entityType: 'brand',
        entityId: options.brandId,
        ...changes,
      });
    }
    return saved;
  });
}
