import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clientCustomerTokens, partnerApps } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { findPartnerApp } from './find-partner-app';
import type { PartnerAppRow } from './register-partner-app';

export interface RevokePartnerAppOptions {
  brandId: string;
  actor: AuditActor;
  partnerAppId: string;
}

/**
 * Revokes a partner app for good: its credentials stop working and the customer tokens it has
 * issued but nobody has used yet are used up, so none of them signs anybody in. Audited.
 */
export async function revokePartnerApp(db: Db, options: RevokePartnerAppOptions): Promise<PartnerAppRow> {
  return db.transaction(async (tx) => {
    const current = await findPartnerApp(tx, options);
    if (current.revokedAt) return current;
    const [partnerApp] = await tx
      .update(partnerApps)
      .set({ revokedAt: sql`now()` })
      .where(eq(partnerApps.id, current.id))
      .returning();
    await tx
      .update(clientCustomerTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(clientCustomerTokens.partnerAppId, current.id), isNull(clientCustomerTokens.usedAt)));
    if (!partnerApp) throw new Error('update returned no row');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'partner-app.revoke',
      entityType: 'partner-app',
      entityId: current.id,
      before: { revoked: false },
      after: { revoked: true },
    });
    return partnerApp;
  });
}
