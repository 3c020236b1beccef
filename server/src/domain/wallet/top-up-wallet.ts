import { and, eq } from 'drizzle-orm';
import { isAgentUserType } from '#shared/user-types';
import type { Db } from '../../db/client';
import { users, walletEntries } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import { findBrandUser } from '../admin/find-brand-user';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { findWalletEntry, type WalletEntryRow } from './list-wallet-entries';
import { postWalletEntry } from './post-wallet-entry';

export interface TopUpWalletOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  /** Minor units of the wallet's currency, a positive integer (checked by the request schema). */
  amount: number;
  reference: string;
  note?: string | undefined;
}

export interface TopUpWalletResult {
  entry: WalletEntryRow;
  balance: number;
  /** The reference had been credited already: the first top-up is answered, nothing is added. */
  replayed: boolean;
}

/**
 * Credits an agent's wallet by an admin of their brand, in one transaction with its audit entry
 * (old → new balance). Once per reference and user: the same reference and amount again answers
 * the first top-up (`replayed`), with another amount 409 CONFLICT naming `reference`. Travellers
 * have no wallet to pay from: 400 naming `id`; another brand's user: 404.
 */
export async function topUpWallet(db: Db, options: TopUpWalletOptions): Promise<TopUpWalletResult> {
  if (!Number.isSafeInteger(options.amount) || options.amount <= 0)
    throw invalidFields({ amount: 'Enter a positive whole amount in paisa.' });
  return db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (!isAgentUserType(user.type)) throw invalidFields({ id: 'Only agents have a wallet to top up.' });
    // The user's row lock orders concurrent top-ups, so a reference is checked before it is used.
    const [locked] = await tx
      .select({ balance: users.walletBalance, currency: users.walletCurrency })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!locked) throw new Error('the user row vanished inside its transaction');
    const [previous] = await tx
      .select({ id: walletEntries.id, amount: walletEntries.amount })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, user.id), eq(walletEntries.reference, options.reference)));
    if (previous) {
      if (previous.amount !== options.amount) {
        throw new AppError('CONFLICT', 'This reference has already been credited with another amount.', {
          reference: 'This reference has already been credited with another amount.',
        });
      }
      return { entry: await findWalletEntry(tx, previous.id), balance: locked.balance, replayed: true };
    }
    const balance = await postWalletEntry(tx, {
      userId: user.id,
      kind: 'top_up',
      amount: options.amount,
      currency: locked.currency,
      reference: options.reference,
      note: options.note || null,
      createdByUserId: options.actor.id,
    });
    const [created] = await tx
      .select({ id: walletEntries.id })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, user.id), eq(walletEntries.reference, options.reference)));
    if (!created) throw new Error('the top-up just written is missing');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'wallet.top-up',
      entityType: 'user',
      entityId: user.id,
      before: { walletBalance: locked.balance },
      after: {
        walletBalance: balance,
        amount: options.amount,
        currency: locked.currency,
        reference: options.reference,
        ...(options.note ? { note: options.note } : {}),
      },
    });
    return { entry: await findWalletEntry(tx, created.id), balance, replayed: false };
  });
}
