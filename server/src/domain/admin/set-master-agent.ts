import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import type { AuditActor } from '../audit/record-audit';
import { updateUserAudited } from '../audit/update-user-audited';
import { type BrandUserRow, findBrandUser } from './find-brand-user';

/**
 * The agency's admin makes an agent a master agent, who may then create and fund sub-agents
 * (docs/accounts.md#sub-agents), or takes it back (their sub-agents stay theirs). Only an `agent` who is not
 * a sub-agent: 400 naming `master_agent`. Another brand's user: 404. Audited.
 */
export async function setMasterAgent(
  db: Db,
  options: { brandId: string; actor: AuditActor; userId: string; masterAgent: boolean },
): Promise<BrandUserRow> {
  return db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    const [row] = await tx
      .select({ isMasterAgent: users.isMasterAgent, masterAgentId: users.masterAgentId })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (options.masterAgent && user.type !== 'agent')
      throw invalidFields({ master_agent: 'Only an agent can be a master agent.' });
    if (options.masterAgent && row?.masterAgentId)
      throw invalidFields({ master_agent: 'A sub-agent cannot be a master agent.' });
    if (row?.isMasterAgent === options.masterAgent) return user;
    await updateUserAudited(tx, {
      brandId: options.brandId,
      actor: options.actor,
      userId: user.id,
      action: 'user.master-agent',
      set: { isMasterAgent: options.masterAgent },
      before: { isMasterAgent: row?.isMasterAgent ?? false },
    });
    return findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
  });
}
