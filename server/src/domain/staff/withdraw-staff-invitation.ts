import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffInvitations } from '../../db/schema/index';
import { notFound } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import type { StaffInvitationRow } from './staff-rows';

/**
 * The owner withdraws an invitation not yet accepted: its link stops working at once; audited.
 * Another brand's or no invitation → 404; an accepted or withdrawn one is answered unchanged.
 */
export async function withdrawStaffInvitation(
  db: Db,
  options: { brandId: string; actor: AuditActor; invitationId: string },
): Promise<StaffInvitationRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(staffInvitations)
      .where(
        and(eq(staffInvitations.id, options.invitationId), eq(staffInvitations.brandId, options.brandId)),
      )
      .for('update');
    if (!current) throw notFound('There is no such invitation.');
    if (current.acceptedAt || current.revokedAt) return current;
    const [withdrawn] = await tx
      .update(staffInvitations)
      .set({ revokedAt: new Date() })
      .where(and(eq(staffInvitations.id, current.id), isNull(staffInvitations.acceptedAt)))
      .returning();
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'staff.withdraw-invitation',
      entityType: 'staff-invitation',
      entityId: current.id,
      before: { email: current.email, role: current.staffRole },
    });
    return withdrawn ?? current;
  });
}
