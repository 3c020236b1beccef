import { eq } from 'drizzle-orm';
import { type SiteConfig, siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema/index';
import type { AssetStorage } from '../assets/asset-storage';
import type { BrandImage } from './draw-logo';
import { readBrandImage } from './read-brand-image';

/** How a brand's documents (e-tickets) look: its names, its logo and its primary colour. */
export interface BrandDocumentLook {
  brandName: string;
  companyName: string;
  logo?: BrandImage | undefined;
  colour?: string | undefined;
  /** Text on the primary colour. */
  contrast?: string | undefined;
}

/** The look of a brand whose configuration is at hand. */
export async function documentLookOf(
  storage: AssetStorage | undefined,
  config: SiteConfig,
): Promise<BrandDocumentLook> {
  return {
    brandName: config.displayName,
    companyName: config.companyName,
    logo: await readBrandImage(storage, config, config.headerLogo),
    colour: config.colours.primary,
    contrast: config.colours.primaryContrast,
  };
}

/** The look of a brand by id (a brand whose configuration does not parse: Tikat's plain one). */
export async function brandDocumentLook(
  db: Db,
  storage: AssetStorage | undefined,
  brandId: string,
): Promise<BrandDocumentLook> {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  const config = siteConfig.safeParse(brand?.siteConfig);
  return config.success ? documentLookOf(storage, config.data) : { brandName: 'Tikat', companyName: '' };
}
