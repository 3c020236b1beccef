import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { SiteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { brandHosts, brands } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { invalidFields } from '../../errors';
import { type AuditActor, changedFields, recordAudit } from '../audit/record-audit';
import { type BrandSettingsRecord, getBrandSettings } from './get-brand-settings';

export interface UpdateBrandSettingsOptions {
  brandId: string;
  actor: AuditActor;
  /** Already validated by the shared `siteConfig` schema. */
  config: SiteConfig;
  /** Normalised host names; none may belong to another brand. */
  hosts: string[];
}

/**
 * Saves a brand's whole site configuration and host names in one transaction and audits the
 * changed fields. A host name another brand claims → 400 naming `hosts.<index>`. The caller
 * invalidates the BrandDirectory afterwards so the public site shows the change.
 */
export async function updateBrandSettings(
  db: Db,
  options: UpdateBrandSettingsOptions,
): Promise<BrandSettingsRecord> {
  await assertHostsAvailable(db, options.hosts, options.brandId);
  return db.transaction(async (tx) => {
    const current = await getBrandSettings(tx, { brandId: options.brandId });
    await tx
      .update(brands)
      .set({ siteConfig: options.config, updatedAt: sql`now()` })
      .where(eq(brands.id, options.brandId));
    await tx
      .delete(brandHosts)
      .where(and(eq(brandHosts.brandId, options.brandId), notInArray(brandHosts.host, options.hosts)));
    const added = options.hosts.filter((host) => !current.hosts.includes(host));
    if (added.length) {
      await tx
        .insert(brandHosts)
        .values(added.map((host) => ({ host, brandId: options.brandId })))
        .catch(rethrowHostConflict(options.hosts));
    }
    const changes = changedFields(
      { ...current.config, hosts: current.hosts },
      { ...options.config, hosts: [...options.hosts].sort() },
    );
    if (changes) {
      await recordAudit(tx, {
        brandId: options.brandId,
        actor: options.actor,
        action: 'brand.update',
        entityType: 'brand',
        entityId: options.brandId,
        ...changes,
      });
    }
    return getBrandSettings(tx, { brandId: options.brandId });
  });
}

/** 400 naming `hosts.<index>` for the first host name another brand (not `exceptBrandId`) claims. */
export async function assertHostsAvailable(db: Db, hosts: string[], exceptBrandId?: string): Promise<void> {
  const taken = await db
    .select({ host: brandHosts.host })
    .from(brandHosts)
    .where(
      and(inArray(brandHosts.host, hosts), exceptBrandId ? ne(brandHosts.brandId, exceptBrandId) : undefined),
    );
  const takenHosts = new Set(taken.map((t) => t.host));
  const index = hosts.findIndex((host) => takenHosts.has(host));
  if (index >= 0) throw hostTaken(hosts, index);
}

const hostTaken = (hosts: string[], index: number) =>
  invalidFields({ [`hosts.${index}`]: `${hosts[index]} is already used by another brand.` });

/** Two saves racing for one host: the primary key refuses the second; answer it like the check. */
export function rethrowHostConflict(hosts: string[]) {
  return (error: unknown): never => {
    if (isUniqueViolation(error)) throw hostTaken(hosts, 0);
    throw error;
  };
}
