import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { sendEmail } from '../email/send-email';
import { formatMinor } from './format-minor';

/** The shares of the credit limit whose crossing is announced, in percent. */
export const CREDIT_ALERT_THRESHOLDS = [80, 100] as const;

export interface CreditUseAlertOptions {
  userId: string;
  creditLimit: number;
  balanceBefore: number;
  balanceAfter: number;
  currency: string;
}

/** Credit in use at a balance: what the wallet is below zero (0 when it is not). */
const creditUsed = (balance: number) => Math.max(0, -balance);

/**
 * The thresholds a debit crossed upwards: use below the threshold before, at or above it after.
 * Once per crossing: use that stays above sends nothing more; a settlement that brings it below
 * and a later debit that crosses again sends again.
 */
export function crossedThresholds(options: Omit<CreditUseAlertOptions, 'userId' | 'currency'>): number[] {
  const { creditLimit, balanceBefore, balanceAfter } = options;
  if (creditLimit <= 0) return [];
  return CREDIT_ALERT_THRESHOLDS.filter(
    (percent) =>
      creditUsed(balanceBefore) * 100 < percent * creditLimit &&
      creditUsed(balanceAfter) * 100 >= percent * creditLimit,
  );
}

/**
 * Writes the credit-use e-mails of one debit (to the agent and to each owner and finance member of their brand), in
 * the debit's transaction, so an alert exists exactly when the debit that caused it commits.
 */
export async function sendCreditUseAlerts(tx: Db, options: CreditUseAlertOptions): Promise<number> {
  const crossed = crossedThresholds(options);
  if (crossed.length === 0) return 0;
  const percent = Math.max(...crossed);
  const [agent] = await tx
    .select({
      brandId: users.brandId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, options.userId));
  if (!agent) return 0;
  const admins = await tx
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.brandId, agent.brandId),
        eq(users.type, 'admin'),
        // The staff who look after credit (docs/admin.md#staff-roles): owners and finance, not sales or
        // support.
        inArray(users.staffRole, ['owner', 'finance']),
        isNotNull(users.email),
        isNull(users.suspendedAt),
      ),
    );
  const used = creditUsed(options.balanceAfter);
  const figures = [
    `Credit limit: ${formatMinor(options.creditLimit, options.currency)}`,
    `Credit in use: ${formatMinor(used, options.currency)} (${Math.floor((used * 100) / options.creditLimit)} %)`,
    `Wallet balance: ${formatMinor(options.balanceAfter, options.currency)}`,
  ].join('\n');
  const reached = percent >= 100 ? 'all of' : `${percent} % of`;
  let sent = 0;
  if (agent.email) {
    await sendEmail(tx, {
      brandId: agent.brandId,
      to: agent.email,
      subject: `You have used ${reached} your credit limit`,
      text: `Dear ${agent.firstName},\n\nYour wallet now uses ${reached} the credit your agency gives you.\n\n${figures}\n\nA top-up or a settlement with your agency frees the credit again.\n`,
    });
    sent += 1;
  }
  for (const admin of admins) {
    if (!admin.email) continue;
    await sendEmail(tx, {
      brandId: agent.brandId,
      to: admin.email,
      subject: `${agent.firstName} ${agent.lastName} has used ${reached} their credit limit`,
      text: `The agent ${agent.firstName} ${agent.lastName} now uses ${reached} their credit limit.\n\n${figures}\n`,
    });
    sent += 1;
  }
  return sent;
}
