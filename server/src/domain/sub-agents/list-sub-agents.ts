import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';
import { grantedCommissionOf } from '../commissions/agent-pricing';

export interface SubAgentRow extends AccountUser {
  /** The sub-agent has chosen a password. */
  active: boolean;
}

/** The master agent's sub-agents (oldest first) and the master's own granted commission. */
export async function listSubAgents(
  db: Db,
  masterId: string,
): Promise<{ items: SubAgentRow[]; masterGrantedCommissionPercent: number }> {
  const rows = await db
    .select({ ...accountUserColumns, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.masterAgentId, masterId))
    .orderBy(asc(users.createdAt), asc(users.id));
  return {
    items: rows.map(({ passwordHash, ...user }) => ({ ...user, active: passwordHash !== null })),
    masterGrantedCommissionPercent: await grantedCommissionOf(db, masterId),
  };
}
