import { eq, sql } from 'drizzle-orm';
import type { FinanceSettingsInput } from '#shared/finance';
import type { Db } from '../../db/client';
import { brandFinanceSettings } from '../../db/schema/index';
import { type AuditActor, changedFields, recordAudit } from '../audit/record-audit';

export type BrandFinanceSettingsRow = typeof brandFinanceSettings.$inferSelect;

/** The brand's after-sales charges; a brand whose admin set none charges no void fee. */
export async function findBrandFinanceSettings(
  db: Db,
  brandId: string,
): Promise<{ voidFeeNpr: number; voidFeeUsd: number; updatedAt: Date | null }> {
  const [row] = await db.select().from(brandFinanceSettings).where(eq(brandFinanceSettings.brandId, brandId));
  return row ?? { voidFeeNpr: 0, voidFeeUsd: 0, updatedAt: null };
}

/** The void fee in a booking's currency (minor units). */
export async function voidFeeOf(db: Db, brandId: string, currency: 'NPR' | 'USD'): Promise<number> {
  const settings = await findBrandFinanceSettings(db, brandId);
  return currency === 'USD' ? settings.voidFeeUsd : settings.voidFeeNpr;
}

/** Saves the brand's void fees and audits the change (`brand.finance-settings.update`, old → new). */
export async function updateBrandFinanceSettings(
  db: Db,
  options: { brandId: string; actor: AuditActor; settings: FinanceSettingsInput },
): Promise<BrandFinanceSettingsRow> {
  return db.transaction(async (tx) => {
    const current = await findBrandFinanceSettings(tx, options.brandId);
    const values = { voidFeeNpr: options.settings.void_fee_npr, voidFeeUsd: options.settings.void_fee_usd };
    const [saved] = await tx
      .insert(brandFinanceSettings)
      .values({ brandId: options.brandId, ...values })
      .onConflictDoUpdate({ target: brandFinanceSettings.brandId, set: { ...values, updatedAt: sql`now()` } })
      .returning();
    if (!saved) throw new Error('the finance settings were not saved');
    const fields = (row: { voidFeeNpr: number; voidFeeUsd: number }) => ({
      voidFeeNpr: row.voidFeeNpr,
      voidFeeUsd: row.voidFeeUsd,
    });
    const changes = changedFields(fields(current), fields(saved));
    if (changes) {
      await recordAudit(tx, {
        brandId: options.brandId,
        actor: options.actor,
        action: 'brand.finance-settings.update',
        entityType: 'brand',
        entityId: options.brandId,
        ...changes,
      });
    }
    return saved;
  });
}
