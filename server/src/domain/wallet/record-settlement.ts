import { and, eq } from 'drizzle-orm';
import { isAgentUserType } from '#shared/user-types';
import type { Db } from '../../db/client';
import { users, walletEntries } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import { findBrandUser } from '../admin/find-brand-user';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { findWalletEntry, type WalletEntryRow } from './list-wallet-entries';
import { postWalletEntry } from './post-wallet-entry';

export interface RecordSettlementOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  /** Minor units paid by the agent, a positive integer. */
  amount: number;
  reference: string;
  note?: string | undefined;
}

export interface RecordSettlementResult {
  entry: WalletEntryRow;
  balance: number;
  /** The reference had been recorded already: the first settlement is answered, nothing is added. */
  replayed: boolean;
}

/**
 * Records an agent's payment against their balance (what they owe on credit, or ahead of it): a
 * `settlement` entry in the wallet ledger (and its double-entry lines), with its audit entry, in one
 * transaction. Once per reference and user, as top-ups are: the same reference and amount again
 * answers the first (`replayed`); another amount is 409 CONFLICT naming `reference`.
 */
export async function recordSettlement(
  db: Db,
  options: RecordSettlementOptions,
): Promise<RecordSettlementResult> {
  if (!Number.isSafeInteger(options.amount) || options.amount <= 0)
    throw invalidFields({ amount: 'Enter a positive whole amount in paisa.' });
  return db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (!isAgentUserType(user.type)) throw invalidFields({ id: 'Only agents have a wallet to settle.' });
    const [locked] = await tx
      .select({ balance: users.walletBalance, currency: users.walletCurrency })
      .from(users)
      .where(eq(users.id, user.id))
      .for('update');
    if (!locked) throw new Error('the user row vanished inside its transaction');
    const [previous] = await tx
      .select({ id: walletEntries.id, amount: walletEntries.amount, kind: walletEntries.kind })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, user.id), eq(walletEntries.reference, options.reference)));
    if (previous) {
      if (previous.amount !== options.amount || previous.kind !== 'settlement') {
        throw new AppError('CONFLICT', 'This reference has already been recorded with another amount.', {
          reference: 'This reference has already been recorded with another amount.',
        });
      }
      return { entry: await findWalletEntry(tx, previous.id), balance: locked.balance, replayed: true };
    }
    const balance = await postWalletEntry(tx, {
      userId: user.id,
      kind: 'settlement',
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
    if (!created) throw new Error('the settlement just written is missing');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'wallet.settlement',
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
