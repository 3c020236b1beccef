import { and, eq } from 'drizzle-orm';
import { isAgentUserType } from '#shared/user-types';
import type { Db } from '../../db/client';
import { users, walletEntries } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import { findBrandUser } from '../admin/find-brand-user';
import { refuseStaffBeneficiary } from '../admin/refuse-staff-beneficiary';
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

/** What differs between an admin's credits to an agent's wallet: the entry's kind and the words. */
export interface AdminCredit {
  kind: 'top_up' | 'settlement';
  auditAction: string;
  /** 400 naming `id` for a traveller. */
  noWallet: string;
  /** 409 naming `reference` when it was used for another amount or kind. */
  referenceTaken: string;
}

const TOP_UP: AdminCredit = {
  kind: 'top_up',
  auditAction: 'wallet.top-up',
  noWallet: 'Only agents have a wallet to top up.',
  referenceTaken: 'This reference has already been credited with another amount.',
};

/**
 * Credits an agent's wallet by an admin of their brand, in one transaction with its audit entry
 * (old → new balance). Once per reference and user: the same reference and amount again answers
 * the first top-up (`replayed`), with another amount 409 CONFLICT naming `reference`. Travellers
 * have no wallet to pay from: 400 naming `id`; another brand's user: 404; the actor's own wallet or
 * another staff member's: 403 STAFF_OWN_ACCOUNT.
 */
export function topUpWallet(db: Db, options: TopUpWalletOptions): Promise<TopUpWalletResult> {
  return creditAgentWallet(db, options, TOP_UP);
}

/**
 * An admin's credit to an agent's wallet (a top-up, a settlement): the entry and its double-entry
 * lines, with its audit entry, in one transaction, once per reference and user.
 */
export async function creditAgentWallet(
  db: Db,
  options: TopUpWalletOptions,
  credit: AdminCredit,
): Promise<TopUpWalletResult> {
  if (!Number.isSafeInteger(options.amount) || options.amount <= 0)
    throw invalidFields({ amount: 'Enter a positive whole amount in paisa.' });
  return db.transaction(async (tx) => {
    const user = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (!isAgentUserType(user.type)) throw invalidFields({ id: credit.noWallet });
    refuseStaffBeneficiary(options.actor, user);
    // The user's row lock orders concurrent credits, so a reference is checked before it is used.
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
      if (previous.amount !== options.amount || previous.kind !== credit.kind) {
        throw new AppError('CONFLICT', credit.referenceTaken, { reference: credit.referenceTaken });
      }
      return { entry: await findWalletEntry(tx, previous.id), balance: locked.balance, replayed: true };
    }
    const balance = await postWalletEntry(tx, {
      userId: user.id,
      kind: credit.kind,
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
    if (!created) throw new Error(`the ${credit.kind} just written is missing`);
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: credit.auditAction,
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
