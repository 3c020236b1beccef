import { asc, eq } from 'drizzle-orm';
import { siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { brandHosts, brands } from '../../db/schema/index';

export interface BrandListRow {
  id: string;
  slug: string;
  displayName: string;
  hosts: string[];
  createdAt: Date;
}

/** Every brand of the deployment with its host names (platform operator), oldest first. */
export async function listBrands(db: Db): Promise<BrandListRow[]> {
  const rows = await db
    .select({
      id: brands.id,
      slug: brands.slug,
      siteConfig: brands.siteConfig,
      createdAt: brands.createdAt,
      host: brandHosts.host,
    })
    .from(brands)
    .leftJoin(brandHosts, eq(brandHosts.brandId, brands.id))
    .orderBy(asc(brands.createdAt), asc(brands.slug), asc(brandHosts.host));
  const bySlug = new Map<string, BrandListRow>();
  for (const row of rows) {
    let brand = bySlug.get(row.slug);
    if (!brand) {
      const displayName = siteConfig.shape.displayName.safeParse(row.siteConfig.displayName);
      brand = {
        id: row.id,
        slug: row.slug,
        displayName: displayName.success ? displayName.data : row.slug,
        hosts: [],
        createdAt: row.createdAt,
      };
      bySlug.set(row.slug, brand);
    }
    if (row.host) brand.hosts.push(row.host);
  }
  return [...bySlug.values()];
}
