import { eq } from 'drizzle-orm';
import { siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { brands } from '../../db/schema/index';

/** The brand's name as travellers know it, and its company's, for e-mails and documents. */
export async function brandNamesOf(db: Db, brandId: string) {
  const [brand] = await db.select().from(brands).where(eq(brands.id, brandId));
  const config = siteConfig.safeParse(brand?.siteConfig);
  return config.success
    ? { brandName: config.data.displayName, companyName: config.data.companyName }
    : { brandName: 'Tikat', companyName: '' };
}
