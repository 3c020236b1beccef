import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';

/**
 * One of the master agent's sub-agents, or 404 NOT_FOUND (anyone else's, or no such user: the
 * same answer). `forUpdate` locks the row inside a transaction.
 */
export async function findSubAgent(
  db: Db,
  options: { masterId: string; subAgentId: string; forUpdate?: boolean },
): Promise<AccountUser> {
  const query = db
    .select(accountUserColumns)
    .from(users)
    .where(and(eq(users.id, options.subAgentId), eq(users.masterAgentId, options.masterId)));
  const [found] = options.forUpdate ? await query.for('update') : await query;
  if (!found) throw new AppError('NOT_FOUND', 'There is no such sub-agent.');
  return found;
}
