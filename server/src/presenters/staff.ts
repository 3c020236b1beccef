import type { StaffInvitation, StaffMember } from '#shared/staff';
import type { StaffInvitationRow, StaffMemberRow } from '../domain/staff/staff-rows';
import { invitationStatus } from '../domain/staff/staff-rows';

/** A console user as the staff page shows them (`you`: the owner asking). */
export function presentStaffMember(member: StaffMemberRow, viewerId: string): StaffMember {
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    role: member.staffRole,
    revoked: member.suspendedAt !== null,
    you: member.id === viewerId,
    createdAt: member.createdAt.toISOString(),
  };
}

/** An invitation as the owner sees it: never its token (only its hash is kept anyway). */
export function presentStaffInvitation(row: StaffInvitationRow): StaffInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.staffRole,
    status: invitationStatus(row),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
