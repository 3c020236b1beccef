import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { checkStaffReach, type StaffActor } from './check-staff-reach';
import { type BrandUserRow, findBrandUser, updateBrandUser } from './find-brand-user';

export interface SetUserSuspendedOptions {
  brandId: string;
  actor: AuditActor & StaffActor;
  userId: string;
  suspended: boolean;
}

/**
 * Suspends or reinstates a user of the brand; audited. The caller ends a suspended user's
 * sessions (they may live in Redis). An admin cannot suspend themselves: 400 naming `id`. Only
 * an owner suspends or reinstates staff (403 otherwise).
 */
export async function setUserSuspended(db: Db, options: SetUserSuspendedOptions): Promise<BrandUserRow> {
  if (options.suspended && options.userId === options.actor.id) {
    throw invalidFields({ id: 'You cannot suspend yourself.' });
  }
  return db.transaction(async (tx) => {
    const current = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    checkStaffReach(options.actor, current.type);
    if (Boolean(current.suspendedAt) === options.suspended) return current;
    const user = await updateBrandUser(tx, current.id, {
      suspendedAt: options.suspended ? new Date() : null,
    });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: options.suspended ? 'user.suspend' : 'user.reinstate',
      entityType: 'user',
      entityId: user.id,
      before: { suspended: Boolean(current.suspendedAt) },
      after: { suspended: options.suspended },
    });
    return user;
  });
}
