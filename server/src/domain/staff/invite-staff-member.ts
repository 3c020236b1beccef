import type { StaffRole } from '#shared/staff-roles';
import type { Db } from '../../db/client';
import { staffInvitations } from '../../db/schema/index';
import { checkContactsAvailable } from '../accounts/check-contacts-available';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { hashToken, newSecretToken } from '../crypto/secret-token';
import { sendEmail } from '../email/send-email';
import { pendingInvitationsTo, type StaffInvitationRow } from './staff-rows';

export interface InviteStaffMemberOptions {
  brand: { id: string; displayName: string };
  /** The owner inviting. */
  actor: AuditActor & { firstName: string; lastName: string };
  /** Normalised (lower case). */
  email: string;
  role: StaffRole;
  ttlMs: number;
  /** The accept-invitation page address, given the token. */
  link: (token: string) => string;
  /** Seals the link in the outbox (`app.emailLinksKey`): only the invitee ever sees it. */
  linksKey: Buffer;
}

const ROLE_WORDS: Record<StaffRole, string> = {
  owner: 'an owner (everything, including settings and staff)',
  finance: 'finance (wallets, credit, invoices and reports)',
  sales: 'sales (bookings and agents)',
  support: 'support (bookings: documents and cancellations)',
  viewer: 'a viewer (read only)',
};

const hoursOf = (ms: number) => `${Math.round(ms / 3_600_000)} hours`;

/**
 * An owner invites someone to the brand's console with a role (docs/admin.md#staff-roles): an e-mail through
 * the outbox with a single-use link (its token kept only as a hash, the link sealed in the outbox
 * and masked for whoever reads it); audited. An address that already has an account in the brand
 * → 409 EMAIL_TAKEN naming `email`; an earlier pending invitation to the address stops working.
 */
export async function inviteStaffMember(
  db: Db,
  options: InviteStaffMemberOptions,
): Promise<StaffInvitationRow> {
  const { brand, email } = options;
  return db.transaction(async (tx) => {
    await checkContactsAvailable(tx, { brandId: brand.id, email });
    await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(pendingInvitationsTo(brand.id, email));
    const token = newSecretToken();
    const [invitation] = await tx
      .insert(staffInvitations)
      .values({
        brandId: brand.id,
        email,
        staffRole: options.role,
        tokenHash: hashToken(token),
        invitedBy: options.actor.id,
        expiresAt: new Date(Date.now() + options.ttlMs),
      })
      .returning();
    if (!invitation) throw new Error('insert returned no row');
    const link = options.link(token);
    const inviter = `${options.actor.firstName} ${options.actor.lastName}`.trim();
    await sendEmail(tx, {
      brandId: brand.id,
      to: email,
      subject: `Join ${brand.displayName}'s console`,
      text:
        `Namaste,\n\n${inviter} has invited you to ${brand.displayName}'s console as ` +
        `${ROLE_WORDS[options.role]}. Open this link within ${hoursOf(options.ttlMs)} to choose your ` +
        `password:\n\n${link}\n\nThe link works once. If you did not expect this e-mail, ignore it.\n`,
      secretLinks: { links: [link], key: options.linksKey },
    });
    await recordAudit(tx, {
      brandId: brand.id,
      actor: options.actor,
      action: 'staff.invite',
      entityType: 'staff-invitation',
      entityId: invitation.id,
      after: { email, role: options.role },
    });
    return invitation;
  });
}
