import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type WalletEntryKind, walletEntries } from '../../db/schema/index';
import { AppError } from '../../errors';
import { formatMinor } from './format-minor';
import { sendCreditUseAlerts } from './send-credit-use-alerts';

export interface PostWalletEntryOptions {
  userId: string;
  kind: WalletEntryKind;
  /** Signed, in minor units: negative for a booking debit. */
  amount: number;
  currency: string;
  bookingId?: string | null;
  note?: string | null;
  /** A top-up's outside reference (unique per user). */
  reference?: string | null;
  /** The admin making a top-up. */
  createdByUserId?: string | null;
  /**
   * A debit the agent owes whatever their balance (a commission taken back with a refund): it may
   * take the wallet below the credit limit instead of failing the refund it follows.
   */
  owedWhateverTheBalance?: boolean;
}

/**
 * Appends one entry to the wallet ledger and moves `users.wallet_balance` by the same amount, in
 * the caller's transaction, so the balance always equals the sum of the ledger (a trigger writes
 * the entry's double-entry lines, `ledger_lines`). A debit locks the user's row and refuses to go
 * below minus the user's credit limit: INSUFFICIENT_FUNDS (`data.shortfall`) without credit,
 * CREDIT_LIMIT_EXCEEDED with it. A debit whose credit use crosses 80 % or 100 % of the limit
 * writes the alert e-mails in the same transaction. Returns the new balance.
 * `owedWhateverTheBalance` skips the limit (the debit is recorded and the balance shows it owed).
 */
export async function postWalletEntry(tx: Db, options: PostWalletEntryOptions): Promise<number> {
  const [user] = await tx
    .select({
      balance: users.walletBalance,
      currency: users.walletCurrency,
      creditLimit: users.walletCreditLimit,
    })
    .from(users)
    .where(eq(users.id, options.userId))
    .for('update');
  if (!user) throw new AppError('NOT_FOUND', 'There is no such wallet.');
  if (user.currency !== options.currency) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      `This amount is in ${options.currency} and the wallet holds ${user.currency}: a wallet moves money in its own currency only.`,
    );
  }
  if (
    options.amount < 0 &&
    !options.owedWhateverTheBalance &&
    user.balance + options.amount < -user.creditLimit
  ) {
    if (user.creditLimit > 0) {
      const available = user.balance + user.creditLimit;
      throw new AppError(
        'CREDIT_LIMIT_EXCEEDED',
        `This payment needs ${formatMinor(-options.amount, user.currency)} but the wallet balance and credit limit allow ${formatMinor(Math.max(0, available), user.currency)}.`,
        undefined,
        {
          balance: user.balance,
          credit_limit: user.creditLimit,
          available,
          amount_due: -options.amount,
          shortfall: -options.amount - available,
          currency: user.currency,
        },
      );
    }
    throw new AppError('INSUFFICIENT_FUNDS', undefined, undefined, {
      balance: user.balance,
      amount_due: -options.amount,
      shortfall: -options.amount - user.balance,
      currency: user.currency,
    });
  }
  await tx.insert(walletEntries).values({
    userId: options.userId,
    kind: options.kind,
    amount: options.amount,
    currency: options.currency,
    bookingId: options.bookingId ?? null,
    note: options.note ?? null,
    reference: options.reference ?? null,
    createdByUserId: options.createdByUserId ?? null,
  });
  const [updated] = await tx
    .update(users)
    .set({ walletBalance: sql`${users.walletBalance} + ${options.amount}`, updatedAt: sql`now()` })
    .where(eq(users.id, options.userId))
    .returning({ balance: users.walletBalance });
  const balance = updated?.balance ?? 0;
  if (options.amount < 0 && user.creditLimit > 0) {
    await sendCreditUseAlerts(tx, {
      userId: options.userId,
      creditLimit: user.creditLimit,
      balanceBefore: user.balance,
      balanceAfter: balance,
      currency: user.currency,
    });
  }
  return balance;
}
