import { eq, sql } from 'drizzle-orm';
import { isAgentUserType } from '#shared/user-types';
import type { AgentCredit } from '#shared/wallet-statements';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { findBrandUser } from '../admin/find-brand-user';
import { refuseStaffBeneficiary } from '../admin/refuse-staff-beneficiary';
import { type AuditActor, recordAudit } from '../audit/record-audit';

export interface SetCreditLimitOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  /** Minor units, 0 or more (checked by the request schema). */
  creditLimit: number;
  note?: string | undefined;
}

/** A wallet's credit figures from its balance and limit. */
export function agentCreditOf(row: {
  id: string;
  walletCurrency: string;
  walletBalance: number;
  walletCreditLimit: number;
}): AgentCredit {
  return {
    userId: row.id,
    currency: row.walletCurrency,
    balance: row.walletBalance,
    creditLimit: row.walletCreditLimit,
    available: row.walletBalance + row.walletCreditLimit,
    creditUsed: Math.max(0, -row.walletBalance),
  };
}

/**
 * Gives an agent a credit limit (0 takes it away), in one transaction with its audit entry (old →
 * new limit). A limit below the credit already in use is allowed: the agent then cannot spend until
 * the balance is back above minus the limit. Travellers: 400 naming `id`; another brand's user: 404;
 * the actor's own wallet or another staff member's: 403 STAFF_OWN_ACCOUNT.
 */
export async function setCreditLimit(db: Db, options: SetCreditLimitOptions): Promise<AgentCredit> {
  if (!Number.isSafeInteger(options.creditLimit) || options.creditLimit < 0)
    throw invalidFields({ creditLimit: 'Enter a credit limit of 0 or more, in paisa.' });
  return db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (!isAgentUserType(user.type))
      throw invalidFields({ id: 'Only agents have a wallet to give credit to.' });
    refuseStaffBeneficiary(options.actor, user);
    const [before] = await tx
      .select({ creditLimit: users.walletCreditLimit })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!before) throw new Error('the user row vanished inside its transaction');
    const [after] = await tx
      .update(users)
      .set({ walletCreditLimit: options.creditLimit, updatedAt: sql`now()` })
      .where(eq(users.id, user.id))
      .returning({
        id: users.id,
        walletCurrency: users.walletCurrency,
        walletBalance: users.walletBalance,
        walletCreditLimit: users.walletCreditLimit,
      });
    if (!after) throw new Error('the user row vanished inside its transaction');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'wallet.credit-limit',
      entityType: 'user',
      entityId: user.id,
      before: { walletCreditLimit: before.creditLimit },
      after: {
        walletCreditLimit: after.walletCreditLimit,
        currency: after.walletCurrency,
        ...(options.note ? { note: options.note } : {}),
      },
    });
    return agentCreditOf(after);
  });
}
