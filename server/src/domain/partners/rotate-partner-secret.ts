import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerApps } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { hashToken, newSecretToken } from '../crypto/secret-token';
import { findPartnerApp } from './find-partner-app';
import type { PartnerAppRow } from './register-partner-app';

export interface RotatePartnerSecretOptions {
  brandId: string;
  actor: AuditActor;
  partnerAppId: string;
}

/**
 * Gives a live partner app a new secret, answered this once; the old one stops working at once.
 * Audited without the secret. A revoked partner app → 400 naming `id`.
 */
export async function rotatePartnerSecret(
  db: Db,
  options: RotatePartnerSecretOptions,
): Promise<{ partnerApp: PartnerAppRow; clientSecret: string }> {
  return db.transaction(async (tx) => {
    const current = await findPartnerApp(tx, options);
    if (current.revokedAt) throw invalidFields({ id: 'This partner app is revoked.' });
    const clientSecret = newSecretToken('tks_');
    const [partnerApp] = await tx
      .update(partnerApps)
      .set({ secretHash: hashToken(clientSecret) })
      .where(eq(partnerApps.id, current.id))
      .returning();
    if (!partnerApp) throw new Error('update returned no row');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'partner-app.rotate-secret',
      entityType: 'partner-app',
      entityId: current.id,
      after: { clientId: current.clientId },
    });
    return { partnerApp, clientSecret };
  });
}
