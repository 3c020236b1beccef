import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerApps } from '../../db/schema/index';
import type { PartnerAppRow } from './register-partner-app';

/** The brand's partner apps, oldest first. */
export async function listPartnerApps(db: Db, options: { brandId: string }): Promise<PartnerAppRow[]> {
  return db
    .select()
    .from(partnerApps)
    .where(eq(partnerApps.brandId, options.brandId))
    .orderBy(asc(partnerApps.createdAt));
}
