import type { Db } from '../../db/client';
import type { AccountUser } from '../accounts/find-user';
import { updateUserAudited } from '../audit/update-user-audited';
import { checkGrant } from './check-grant';
import { findSubAgent } from './find-sub-agent';

/**
 * The master sets the part of their commission a sub-agent gets (percent of the base fare, at
 * most the master's own: 400 naming the field); another's sub-agent: 404. Audited. Bookings
 * already held keep the breakdown they were made with.
 */
export async function setSubAgentGrant(
  db: Db,
  options: { master: AccountUser; subAgentId: string; percent: number },
): Promise<AccountUser> {
  await checkGrant(db, options.master.id, options.percent);
  return db.transaction(async (tx) => {
    const sub = await findSubAgent(tx, {
      masterId: options.master.id,
      subAgentId: options.subAgentId,
      forUpdate: true,
    });
    await updateUserAudited(tx, {
      brandId: sub.brandId,
      actor: options.master,
      userId: sub.id,
      action: 'sub-agent.grant',
      set: { masterGrantedCommissionPercent: options.percent },
      before: { masterGrantedCommissionPercent: sub.masterGrantedCommissionPercent ?? 0 },
    });
    return { ...sub, masterGrantedCommissionPercent: options.percent };
  });
}
