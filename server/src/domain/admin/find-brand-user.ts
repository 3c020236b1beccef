import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { notFound } from '../../errors';
import { type AccountUser, accountUserColumns } from '../accounts/find-user';
import { effectiveGrantedCommission } from '../commissions/agent-pricing';

/** A user as the admin console reads it: no hash, but whether a password is set. */
export type BrandUserRow = AccountUser & {
  hasPassword: boolean;
  /** The agent's own granted commission, percent; null: their group's or the brand's. */
  ownGrantedCommissionPercent: number | null;
  agentGroupId: string | null;
  /** The granted commission that applies, whichever level set it. */
  grantedCommissionPercent: number;
};

export const brandUserColumns = {
  ...accountUserColumns,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`.as('has_password'),
  ownGrantedCommissionPercent: users.grantedCommissionPercent,
  agentGroupId: users.agentGroupId,
  grantedCommissionPercent: effectiveGrantedCommission.as('effective_granted_commission'),
};

/**
 * The user with this id in this brand; another brand's user (or none) → 404. A platform operator
 * is nobody's brand user: their account lives on a brand's host only to sign in, and a brand's
 * admin can neither see nor change it (→ 404).
 */
export async function findBrandUser(
  db: Db,
  options: { brandId: string; userId: string },
): Promise<BrandUserRow> {
  const [user] = await db
    .select(brandUserColumns)
    .from(users)
    .where(
      and(
        eq(users.id, options.userId),
        eq(users.brandId, options.brandId),
        eq(users.platformOperator, false),
      ),
    );
  if (!user) throw notFound('There is no such user.');
  return user;
}

/** Sets columns of a user already found in the brand (and `updated_at`); answers the new row. */
export async function updateBrandUser(
  db: Db,
  userId: string,
  values: Partial<
    Pick<
      typeof users.$inferInsert,
      'type' | 'commissionPercent' | 'suspendedAt' | 'grantedCommissionPercent' | 'agentGroupId'
    >
  >,
): Promise<BrandUserRow> {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning(brandUserColumns);
  if (!user) throw new Error('update returned no row');
  return user;
}
