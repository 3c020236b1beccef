import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffInvitations, users } from '../../db/schema/index';
import { type StaffInvitationRow, type StaffMemberRow, staffMemberColumns } from './staff-rows';

/** The brand's console users (oldest first) and its latest 100 invitations (newest first). */
export async function listStaff(
  db: Db,
  options: { brandId: string },
): Promise<{ members: StaffMemberRow[]; invitations: StaffInvitationRow[] }> {
  const members = await db
    .select(staffMemberColumns)
    .from(users)
    .where(
      and(eq(users.brandId, options.brandId), eq(users.type, 'admin'), eq(users.platformOperator, false)),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
  const invitations = await db
    .select()
    .from(staffInvitations)
    .where(eq(staffInvitations.brandId, options.brandId))
    .orderBy(desc(staffInvitations.createdAt))
    .limit(100);
  return {
    members: members.flatMap((member) =>
      member.staffRole ? [{ ...member, staffRole: member.staffRole }] : [],
    ),
    invitations,
  };
}
