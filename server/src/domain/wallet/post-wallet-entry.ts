import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type WalletEntryKind, walletEntries } from '../../db/schema/index';
import { AppError } from '../../errors';

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
}

/**
 * Appends one entry to the wallet ledger and moves `users.wallet_balance` by the same amount, in
 * the caller's transaction, so the balance always equals the sum of the ledger. A debit locks the
 * user's row and refuses to go below zero (INSUFFICIENT_FUNDS with `data.shortfall`).
 * Returns the new balance.
 */
export async function postWalletEntry(tx: Db, options: PostWalletEntryOptions): Promise<number> {
  const [user] = await tx
    .select({ balance: users.walletBalance, currency: users.walletCurrency })
    .from(users)
    .where(eq(users.id, options.userId))
    .for('update');
  if (!user) throw new AppError('NOT_FOUND', 'There is no such wallet.');
  if (user.currency !== options.currency) {
    throw new AppError(
      'PAYMENT_METHOD_UNAVAILABLE',
      `The wallet holds ${user.currency}, not ${options.currency}.`,
    );
  }
  if (options.amount < 0 && user.balance + options.amount < 0) {
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
  return updated?.balance ?? 0;
}
