import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerApps } from '../../db/schema/index';
import { AppError } from '../../errors';
import { tokenMatches } from '../crypto/secret-token';
import type { PartnerAppRow } from './register-partner-app';

export interface AuthenticatePartnerAppOptions {
  /** The brand of the host the partner called: a partner app works for its own brand only. */
  brandId: string;
  clientId: string;
  clientSecret: string;
}

/** The live partner app with these credentials in this brand, else 401 INVALID_CLIENT_CREDENTIALS. */
export async function authenticatePartnerApp(
  db: Db,
  options: AuthenticatePartnerAppOptions,
): Promise<PartnerAppRow> {
  const [partnerApp] = await db
    .select()
    .from(partnerApps)
    .where(
      and(
        eq(partnerApps.clientId, options.clientId),
        eq(partnerApps.brandId, options.brandId),
        isNull(partnerApps.revokedAt),
      ),
    );
  const secretHash = partnerApp?.secretHash ?? '0'.repeat(64);
  if (!tokenMatches(options.clientSecret, secretHash) || !partnerApp) {
    throw new AppError('INVALID_CLIENT_CREDENTIALS');
  }
  return partnerApp;
}
