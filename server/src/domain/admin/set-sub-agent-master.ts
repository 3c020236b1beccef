import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import type { AuditActor } from '../audit/record-audit';
import { updateUserAudited } from '../audit/update-user-audited';
import { type BrandUserRow, findBrandUser } from './find-brand-user';

/**
 * The agency's admin places an agent of the brand under a master agent (an agency reorganising
 * its agents, docs/accounts.md#sub-agents), or takes them out (`masterAgentId` null). The agent must be an
 * `agent` who is not a master; the master an agent of the brand the agency made a master: else
 * 400 naming the field. The master then reads the agent's bookings, past ones included. Audited.
 */
export async function setSubAgentMaster(
  db: Db,
  options: { brandId: string; actor: AuditActor; userId: string; masterAgentId: string | null },
): Promise<BrandUserRow> {
  return db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (user.type !== 'agent' || user.isMasterAgent)
      throw invalidFields({ id: 'Only an agent who is not a master agent can be placed under one.' });
    if (options.masterAgentId !== null) {
      const [master] = await tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.id, options.masterAgentId),
            eq(users.brandId, options.brandId),
            eq(users.type, 'agent'),
            eq(users.isMasterAgent, true),
          ),
        );
      if (!master || master.id === user.id)
        throw invalidFields({ master_agent_id: 'Choose a master agent of this agency.' });
    }
    if (user.masterAgentId === options.masterAgentId) return user;
    await updateUserAudited(tx, {
      brandId: options.brandId,
      actor: options.actor,
      userId: user.id,
      action: 'user.master',
      set: { masterAgentId: options.masterAgentId },
      before: { masterAgentId: user.masterAgentId },
    });
    return findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
  });
}
