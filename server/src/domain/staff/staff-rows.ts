import { and, eq, isNull } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff-roles';
import type { Db } from '../../db/client';
import { staffInvitations, users } from '../../db/schema/index';
import { notFound } from '../../errors';

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;

/** A console user of the brand as the staff page shows them. */
export interface StaffMemberRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  staffRole: StaffRole;
  suspendedAt: Date | null;
  createdAt: Date;
}

export const staffMemberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  staffRole: users.staffRole,
  suspendedAt: users.suspendedAt,
  createdAt: users.createdAt,
};

/**
 * The brand's console user with this id, locked for the change the caller makes in the same
 * transaction; anyone else (another brand's, a non-admin, the platform operator) → 404.
 */
export async function findStaffMemberForUpdate(
  tx: Db,
  options: { brandId: string; userId: string },
): Promise<StaffMemberRow> {
  const [member] = await tx
    .select(staffMemberColumns)
    .from(users)
    .where(
      and(
        eq(users.id, options.userId),
        eq(users.brandId, options.brandId),
        eq(users.type, 'admin'),
        eq(users.platformOperator, false),
      ),
    )
    .for('update');
  if (!member?.staffRole) throw notFound('There is no such staff member.');
  return { ...member, staffRole: member.staffRole };
}

/** The pending invitations of the brand to this address (a newer one replaces them). */
export const pendingInvitationsTo = (brandId: string, email: string) =>
  and(
    eq(staffInvitations.brandId, brandId),
    eq(staffInvitations.email, email),
    isNull(staffInvitations.acceptedAt),
    isNull(staffInvitations.revokedAt),
  );

/** An invitation's state at `now`. */
export function invitationStatus(
  row: Pick<StaffInvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): 'pending' | 'accepted' | 'withdrawn' | 'expired' {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'withdrawn';
  return row.expiresAt <= now ? 'expired' : 'pending';
}
