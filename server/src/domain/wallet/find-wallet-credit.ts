import { and, eq } from 'drizzle-orm';
import type { AgentCredit } from '#shared/wallet-statements';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { agentCreditOf } from './set-credit-limit';

/** A brand user's wallet balance and credit (404 for another brand's user). */
export async function findUserWalletCredit(
  db: Db,
  options: { brandId: string; userId: string },
): Promise<AgentCredit> {
  const [row] = await db
    .select({
      id: users.id,
      walletCurrency: users.walletCurrency,
      walletBalance: users.walletBalance,
      walletCreditLimit: users.walletCreditLimit,
    })
    .from(users)
    .where(and(eq(users.id, options.userId), eq(users.brandId, options.brandId)));
  if (!row) throw notFound('There is no such wallet.');
  return row && agentCreditOf(row);
}
