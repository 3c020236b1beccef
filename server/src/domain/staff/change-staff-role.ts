import type { StaffRole } from '#shared/staff-roles';
import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import type { AuditActor } from '../audit/record-audit';
import { updateUserAudited } from '../audit/update-user-audited';
import { findStaffMemberForUpdate, type StaffMemberRow } from './staff-rows';

export interface ChangeStaffRoleOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  role: StaffRole;
}

/**
 * The owner changes a staff member's role; it holds from the member's next request; audited.
 * Not one's own (400 naming `role`: so a brand always keeps an owner, the one acting); not a
 * user who is not staff (404).
 */
export async function changeStaffRole(db: Db, options: ChangeStaffRoleOptions): Promise<StaffMemberRow> {
  if (options.userId === options.actor.id) throw invalidFields({ role: 'You cannot change your own role.' });
  return db.transaction(async (tx) => {
    const member = await findStaffMemberForUpdate(tx, { brandId: options.brandId, userId: options.userId });
    if (member.staffRole === options.role) return member;
    await updateUserAudited(tx, {
      brandId: options.brandId,
      actor: options.actor,
      userId: member.id,
      action: 'staff.change-role',
      set: { staffRole: options.role },
      before: { role: member.staffRole },
      after: { role: options.role },
    });
    return { ...member, staffRole: options.role };
  });
}
