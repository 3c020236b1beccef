import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';
import { findSubAgent } from './find-sub-agent';

/**
 * The master sets their own markup on a sub-agent's price (docs/accounts.md#sub-agents), percent of the
 * agency's price, 0–20 (the request's schema): the sub-agent pays it on top of what they owe and the master
 * earns it when the booking is ticketed. Another's sub-agent: 404. Audited. Bookings already held
 * keep the breakdown they were made with. The master never sets what they pay themselves.
 */
export async function setSubAgentMarkup(
  db: Db,
  options: { master: AccountUser; subAgentId: string; percent: number },
): Promise<AccountUser> {
  return db.transaction(async (tx) => {
    const sub = await findSubAgent(tx, {
      masterId: options.master.id,
      subAgentId: options.subAgentId,
      forUpdate: true,
    });
    await tx
      .update(users)
      .set({ masterMarkupPercent: options.percent, updatedAt: sql`now()` })
      .where(eq(users.id, sub.id));
    await recordAudit(tx, {
      brandId: sub.brandId,
      actor: options.master,
      action: 'sub-agent.markup',
      entityType: 'user',
      entityId: sub.id,
      before: { masterMarkupPercent: sub.masterMarkupPercent },
      after: { masterMarkupPercent: options.percent },
    });
    return { ...sub, masterMarkupPercent: options.percent };
  });
}
