import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import type { AuditActor } from '../audit/record-audit';
import { updateUserAudited } from '../audit/update-user-audited';
import { findStaffMemberForUpdate, type StaffMemberRow } from './staff-rows';

export interface RevokeStaffAccessOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
}

/**
 * The owner revokes a staff member's access: the account is suspended (log-in refused; the
 * caller ends its sessions) and stays in the records it is named in; audited. Not one's own (400
 * naming `id`); not a user who is not staff (404). An owner gives access back by reinstating the
 * user (`POST /admin/users/:id/reinstate`).
 */
export async function revokeStaffAccess(db: Db, options: RevokeStaffAccessOptions): Promise<StaffMemberRow> {
  if (options.userId === options.actor.id) throw invalidFields({ id: 'You cannot revoke your own access.' });
  return db.transaction(async (tx) => {
    const member = await findStaffMemberForUpdate(tx, { brandId: options.brandId, userId: options.userId });
    if (member.suspendedAt) return member;
    const suspendedAt = new Date();
    await updateUserAudited(tx, {
      brandId: options.brandId,
      actor: options.actor,
      userId: member.id,
      action: 'staff.revoke',
      set: { suspendedAt },
      before: { role: member.staffRole, revoked: false },
      after: { role: member.staffRole, revoked: true },
    });
    return { ...member, suspendedAt };
  });
}
