import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffInvitations, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { checkContactsAvailable, rethrowContactConflict } from '../accounts/check-contacts-available';
import { assertNewPasswordAcceptable, passwordContextWords } from '../accounts/check-new-password';
import type { PasswordHasher } from '../accounts/password-hasher';
import { recordAudit } from '../audit/record-audit';
import { hashToken } from '../crypto/secret-token';
import { findStaffInvitation } from './find-staff-invitation';

export interface AcceptStaffInvitationOptions {
  brandId: string;
  token: string;
  firstName: string;
  lastName: string;
  password: string;
  passwords: PasswordHasher;
}

/**
 * The invitee accepts (docs/admin.md#staff-roles): the invitation is used up and the staff member created in
 * its brand, with its role and the chosen password, in one transaction; audited as the new
 * member's own act. A bad link → 400 INVALID_INVITATION (a second use too); an address that has
 * meanwhile got an account in the brand → 409 EMAIL_TAKEN.
 */
export async function acceptStaffInvitation(
  db: Db,
  options: AcceptStaffInvitationOptions,
): Promise<{ userId: string; email: string }> {
  const invitation = await findStaffInvitation(db, options);
  // The same rule as at sign-up, with the words this person and brand are known by.
  assertNewPasswordAcceptable(
    options.password,
    await passwordContextWords(db, options.brandId, {
      firstName: options.firstName,
      lastName: options.lastName,
      email: invitation.email,
    }),
  );
  const passwordHash = await options.passwords.hash(options.password);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffInvitations)
      .set({ acceptedAt: new Date() })
      .where(
        and(
          eq(staffInvitations.tokenHash, hashToken(options.token)),
          eq(staffInvitations.brandId, options.brandId),
          isNull(staffInvitations.acceptedAt),
          isNull(staffInvitations.revokedAt),
          gt(staffInvitations.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!used) throw new AppError('INVALID_INVITATION');
    await checkContactsAvailable(tx, { brandId: options.brandId, email: used.email });
    const [user] = await tx
      .insert(users)
      .values({
        brandId: options.brandId,
        type: 'admin',
        staffRole: used.staffRole,
        firstName: options.firstName,
        lastName: options.lastName,
        email: used.email,
        passwordHash,
      })
      .returning({ id: users.id, email: users.email, mobile: users.mobile })
      .catch(rethrowContactConflict);
    if (!user) throw new Error('insert returned no row');
    await tx.update(staffInvitations).set({ userId: user.id }).where(eq(staffInvitations.id, used.id));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: user,
      action: 'staff.accept',
      entityType: 'user',
      entityId: user.id,
      after: {
        firstName: options.firstName,
        lastName: options.lastName,
        email: used.email,
        role: used.staffRole,
        invitation: used.id,
      },
    });
    return { userId: user.id, email: used.email };
  });
}
