import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { partnerApps } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { hashToken, newSecretToken } from '../crypto/secret-token';

export type PartnerAppRow = typeof partnerApps.$inferSelect;

export interface RegisterPartnerAppOptions {
  brandId: string;
  /** The admin registering it (audited). */
  actor: AuditActor;
  name: string;
}

/**
 * Registers a partner app of the brand. The secret is answered once, here, and stored only as
 * its SHA-256: nobody can read it back later (a lost secret means rotating it). Audited.
 */
export async function registerPartnerApp(
  db: Db,
  options: RegisterPartnerAppOptions,
): Promise<{ partnerApp: PartnerAppRow; clientSecret: string }> {
  const clientSecret = newSecretToken('tks_');
  return db.transaction(async (tx) => {
    const [partnerApp] = await tx
      .insert(partnerApps)
      .values({
        brandId: options.brandId,
        name: options.name,
        clientId: `tkc_${randomBytes(12).toString('hex')}`,
        secretHash: hashToken(clientSecret),
      })
      .returning();
    if (!partnerApp) throw new Error('insert returned no row');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'partner-app.register',
      entityType: 'partner-app',
      entityId: partnerApp.id,
      after: { name: partnerApp.name, clientId: partnerApp.clientId },
    });
    return { partnerApp, clientSecret };
  });
}
