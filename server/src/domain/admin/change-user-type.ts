import type { UserType } from '#shared/accounts';
import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { checkStaffReach, type StaffActor } from './check-staff-reach';
import { type BrandUserRow, findBrandUser, updateBrandUser } from './find-brand-user';

export interface ChangeUserTypeOptions {
  brandId: string;
  actor: AuditActor & StaffActor;
  userId: string;
  type: UserType;
}

/**
 * Changes a user's type (agent, customer, individual, admin); audited. An admin cannot change
 * their own type (so a brand never loses its last admin by accident): 400 naming `type`. An
 * `individual` may not hold a commission (spec §6), so theirs returns to 0. Only an owner retypes an
 * admin or makes one (403 otherwise); a new admin is an `owner`, an old one loses their role.
 */
export async function changeUserType(db: Db, options: ChangeUserTypeOptions): Promise<BrandUserRow> {
  if (options.userId === options.actor.id) {
    throw invalidFields({ type: 'You cannot change your own type.' });
  }
  return db.transaction(async (tx) => {
    const current = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    checkStaffReach(options.actor, current.type, options.type);
    if (current.type === options.type) return current;
    const commissionPercent = options.type === 'individual' ? 0 : current.commissionPercent;
    const user = await updateBrandUser(tx, current.id, { type: options.type, commissionPercent });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'user.change-type',
      entityType: 'user',
      entityId: user.id,
      before: { type: current.type, commissionPercent: current.commissionPercent },
      after: { type: user.type, commissionPercent: user.commissionPercent },
    });
    return user;
  });
}
