import { asc, eq } from 'drizzle-orm';
import { type SiteConfig, siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { brandHosts, brands } from '../../db/schema/index';
import { notFound } from '../../errors';

export interface BrandSettingsRecord {
  id: string;
  slug: string;
  hosts: string[];
  config: SiteConfig;
  updatedAt: Date;
}

/** A brand's whole site configuration and host names, read fresh from the database. */
export async function getBrandSettings(db: Db, options: { brandId: string }): Promise<BrandSettingsRecord> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, options.brandId));
  if (!brand) throw notFound();
  const hosts = await db
    .select({ host: brandHosts.host })
    .from(brandHosts)
    .where(eq(brandHosts.brandId, options.brandId))
    .orderBy(asc(brandHosts.host));
  return {
    id: brand.id,
    slug: brand.slug,
    hosts: hosts.map((h) => h.host),
    config: siteConfig.parse(brand.siteConfig),
    updatedAt: brand.updatedAt,
  };
}
