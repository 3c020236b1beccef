import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { issuePasswordLink } from '../accounts/issue-password-link';
import type { AuditActor } from '../audit/record-audit';
import { checkStaffReach, type StaffActor } from './check-staff-reach';
import { findBrandUser } from './find-brand-user';

export interface SendUserPasswordResetOptions {
  brand: { id: string; displayName: string };
  actor: AuditActor & StaffActor;
  userId: string;
  ttlMs: number;
  link: (token: string) => string;
  /** Seals the link in the outbox (`app.emailLinksKey`): only the recipient ever sees it. */
  linksKey: Buffer;
}

/**
 * An admin sends a user of the brand a password reset link (through the outbox); audited. A
 * user without an e-mail address (a partner app's customer known by mobile) → 400 naming `email`.
 * Only an owner sends one to staff (403 otherwise).
 */
export async function sendUserPasswordReset(db: Db, options: SendUserPasswordResetOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brand.id, userId: options.userId });
    checkStaffReach(options.actor, user.type);
    if (!user.email) throw invalidFields({ email: 'This user has no e-mail address.' });
    await issuePasswordLink(tx, {
      brandId: options.brand.id,
      brandName: options.brand.displayName,
      user: { id: user.id, firstName: user.firstName, email: user.email },
      purpose: 'reset',
      ttlMs: options.ttlMs,
      link: options.link,
      linksKey: options.linksKey,
      audit: { actor: options.actor, action: 'user.reset-password', after: { emailedTo: user.email } },
    });
  });
}
