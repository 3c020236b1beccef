import { isAgentUserType } from '#shared/flights';
import type { Db } from '../../db/client';
import { invalidFields } from '../../errors';
import { recordAudit } from '../audit/record-audit';
import { brandLimits, checkUnderMax, findGroup, type Scope } from '../commissions/manage-commissions';
import { type BrandUserRow, findBrandUser, updateBrandUser } from './find-brand-user';
import { refuseStaffBeneficiary } from './refuse-staff-beneficiary';

/**
 * Refuses a granted commission above the brand's maximum (400 naming the field) before anything
 * waits for a second person: a proposal the approver could only refuse is refused at once.
 */
export async function checkGrantedCommissionUnderMax(
  db: Db,
  brandId: string,
  grantedCommissionPercent: number | null,
): Promise<void> {
  const { maxGrantedCommissionPercent } = await brandLimits(db, brandId);
  checkUnderMax(grantedCommissionPercent, maxGrantedCommissionPercent, 'grantedCommissionPercent');
}

/**
 * Sets an agent's own granted commission (null: their group's or the brand's) and their group;
 * never the actor's own nor another staff member's (403 STAFF_OWN_ACCOUNT).
 */
export async function setAgentCommission(
  db: Db,
  options: Scope & { userId: string; grantedCommissionPercent: number | null; agentGroupId: string | null },
): Promise<BrandUserRow> {
  return db.transaction(async (tx) => {
    const current = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (!isAgentUserType(current.type)) {
      throw invalidFields({ grantedCommissionPercent: 'Only agents are granted a commission.' });
    }
    refuseStaffBeneficiary(options.actor, current);
    const { maxGrantedCommissionPercent } = await brandLimits(tx, options.brandId);
    checkUnderMax(options.grantedCommissionPercent, maxGrantedCommissionPercent, 'grantedCommissionPercent');
    if (options.agentGroupId !== null) {
      await findGroup(tx, options.brandId, options.agentGroupId).catch(() => {
        throw invalidFields({ agentGroupId: 'There is no such agent group.' });
      });
    }
    const user = await updateBrandUser(tx, current.id, {
      grantedCommissionPercent: options.grantedCommissionPercent,
      agentGroupId: options.agentGroupId,
    });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'user.granted-commission',
      entityType: 'user',
      entityId: user.id,
      before: {
        grantedCommissionPercent: current.ownGrantedCommissionPercent,
        agentGroupId: current.agentGroupId,
      },
      after: { grantedCommissionPercent: user.ownGrantedCommissionPercent, agentGroupId: user.agentGroupId },
    });
    return user;
  });
}
