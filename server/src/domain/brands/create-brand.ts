import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandHosts, brands } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { invalidFields } from '../../errors';
import { createInvitedUser } from '../accounts/create-invited-user';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { defaultSiteConfig } from './default-site-config';
import { assertHostsAvailable, rethrowHostConflict } from './update-brand-settings';

const slugTaken = () => invalidFields({ slug: 'Another brand uses this slug.' });

export interface CreateBrandOptions {
  /** The platform operator. */
  actor: AuditActor;
  slug: string;
  displayName: string;
  companyName: string;
  /** Normalised host names, none claimed by another brand. */
  hosts: string[];
  admin: { firstName: string; lastName: string; email: string; mobile?: string | undefined };
  inviteTtlMs: number;
  /** The set-password page on the new brand's first host, given the token. */
  link: (token: string) => string;
  /** Seals the admin's invitation link in the outbox (`app.emailLinksKey`). */
  linksKey: Buffer;
}

/**
 * Creates a brand with the default configuration and placeholder artwork, its host names, and
 * its first admin, who is e-mailed an invitation to choose a password; audited in the new
 * brand's log. A slug or host name already in use → 400 naming `slug` or `hosts.<index>`.
 * The caller invalidates the BrandDirectory.
 */
export async function createBrand(db: Db, options: CreateBrandOptions) {
  const [existing] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, options.slug));
  if (existing) throw slugTaken();
  await assertHostsAvailable(db, options.hosts);
  return db.transaction(async (tx) => {
    const config = defaultSiteConfig({ displayName: options.displayName, companyName: options.companyName });
    const [brand] = await tx
      .insert(brands)
      .values({ slug: options.slug, siteConfig: config })
      .returning()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw slugTaken();
        throw error;
      });
    if (!brand) throw new Error('insert returned no row');
    await tx
      .insert(brandHosts)
      .values(options.hosts.map((host) => ({ host, brandId: brand.id })))
      .catch(rethrowHostConflict(options.hosts));
    await recordAudit(tx, {
      brandId: brand.id,
      actor: options.actor,
      action: 'brand.create',
      entityType: 'brand',
      entityId: brand.id,
      after: { slug: brand.slug, displayName: options.displayName, hosts: options.hosts },
    });
    const admin = await createInvitedUser(tx, {
      brand: { id: brand.id, displayName: options.displayName },
      actor: options.actor,
      action: 'user.create',
      user: { ...options.admin, type: 'admin' },
      settings: { commissionPercent: 0 },
      inviteTtlMs: options.inviteTtlMs,
      link: options.link,
      linksKey: options.linksKey,
    });
    return { brand, admin };
  });
}
