import { eq, sql } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff-roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
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
    await tx
      .update(users)
      .set({ staffRole: options.role, updatedAt: sql`now()` })
      .where(eq(users.id, member.id));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'staff.change-role',
      entityType: 'user',
      entityId: member.id,
      before: { role: member.staffRole },
      after: { role: options.role },
    });
    return { ...member, staffRole: options.role };
  });
}
