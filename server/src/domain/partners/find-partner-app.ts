import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerApps } from '../../db/schema/index';
import { notFound } from '../../errors';
import type { PartnerAppRow } from './register-partner-app';

/** The brand's partner app with this id; another brand's (or none) → 404. */
export async function findPartnerApp(
  db: Db,
  options: { brandId: string; partnerAppId: string },
): Promise<PartnerAppRow> {
  const [row] = await db
    .select()
    .from(partnerApps)
    .where(and(eq(partnerApps.id, options.partnerAppId), eq(partnerApps.brandId, options.brandId)));
  if (!row) throw notFound('There is no such partner app.');
  return row;
}
