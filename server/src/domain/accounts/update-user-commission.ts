import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { type AccountUser, accountUserColumns } from './find-user';

export interface UpdateUserCommissionOptions {
  userId: string;
  /** Percent, already validated to 0–20. */
  commissionPercent: number;
}

/** Sets a user's commission; authorization (not `individual`) is the caller's policy check. */
export async function updateUserCommission(
  db: Db,
  options: UpdateUserCommissionOptions,
): Promise<AccountUser> {
  const [user] = await db
    .update(users)
    .set({ commissionPercent: options.commissionPercent, updatedAt: sql`now()` })
    .where(eq(users.id, options.userId))
    .returning(accountUserColumns);
  if (!user) throw new Error(`user ${options.userId} vanished`);
  return user;
}
