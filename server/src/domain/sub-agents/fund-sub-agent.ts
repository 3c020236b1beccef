import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, walletEntries } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import type { AccountUser } from '../accounts/find-user';
import { recordAudit } from '../audit/record-audit';
import { postWalletEntry } from '../wallet/post-wallet-entry';
import { findSubAgent } from './find-sub-agent';

export interface FundSubAgentOptions {
  master: AccountUser;
  subAgentId: string;
  /** Minor units, a positive integer. */
  amount: number;
  /** The request's Idempotency-Key: one transfer per key and master. */
  idempotencyKey: string;
  note?: string | undefined;
}

export interface FundSubAgentResult {
  reference: string;
  amount: number;
  currency: string;
  masterBalance: number;
  subAgentBalance: number;
  replayed: boolean;
}

const KEY_REUSED = 'This Idempotency-Key was used for another transfer.';

/**
 * A master agent moves money from their wallet to a sub-agent's (docs/accounts.md#sub-agents): two wallet
 * entries in one transaction, `transfer_out` on the master (checked against the master's balance
 * and credit limit like any debit: 402 INSUFFICIENT_FUNDS or CREDIT_LIMIT_EXCEEDED) and
 * `transfer_in` on the sub-agent, each with its double-entry lines (the brand's
 * `agent-transfers` clearing account nets to zero). Both rows are locked in id order, so two
 * transfers never deadlock. Once per Idempotency-Key: the same key and body answers the first
 * transfer, another body 422 IDEMPOTENCY_KEY_REUSED. Audited.
 */
export async function fundSubAgent(db: Db, options: FundSubAgentOptions): Promise<FundSubAgentResult> {
  if (!Number.isSafeInteger(options.amount) || options.amount <= 0)
    throw invalidFields({ amount: 'Enter a positive whole amount in paisa.' });
  const reference = `transfer:${options.idempotencyKey}`;
  return db.transaction(async (tx) => {
    const sub = await findSubAgent(tx, { masterId: options.master.id, subAgentId: options.subAgentId });
    const locked = await tx
      .select({ id: users.id, balance: users.walletBalance, currency: users.walletCurrency })
      .from(users)
      .where(inArray(users.id, [options.master.id, sub.id]))
      .orderBy(asc(users.id))
      .for('update');
    const master = locked.find((row) => row.id === options.master.id);
    const subRow = locked.find((row) => row.id === sub.id);
    if (!master || !subRow) throw new Error('a wallet vanished inside its transaction');
    const [previous] = await tx
      .select({ amount: walletEntries.amount, kind: walletEntries.kind })
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, master.id), eq(walletEntries.reference, reference)));
    if (previous) {
      const [credited] = await tx
        .select({ amount: walletEntries.amount })
        .from(walletEntries)
        .where(
          and(
            eq(walletEntries.userId, sub.id),
            eq(walletEntries.reference, reference),
            eq(walletEntries.kind, 'transfer_in'),
          ),
        );
      if (previous.kind !== 'transfer_out' || previous.amount !== -options.amount || !credited)
        throw new AppError('IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
      return {
        reference: options.idempotencyKey,
        amount: options.amount,
        currency: master.currency,
        masterBalance: master.balance,
        subAgentBalance: subRow.balance,
        replayed: true,
      };
    }
    if (subRow.currency !== master.currency) {
      throw new AppError(
        'PAYMENT_METHOD_UNAVAILABLE',
        `The sub-agent's wallet holds ${subRow.currency}, not ${master.currency}.`,
      );
    }
    const note = options.note || null;
    const masterBalance = await postWalletEntry(tx, {
      userId: master.id,
      kind: 'transfer_out',
      amount: -options.amount,
      currency: master.currency,
      reference,
      note: note ?? `To ${sub.firstName} ${sub.lastName}`,
      createdByUserId: master.id,
    });
    const subAgentBalance = await postWalletEntry(tx, {
      userId: sub.id,
      kind: 'transfer_in',
      amount: options.amount,
      currency: master.currency,
      reference,
      note: note ?? `From ${options.master.firstName} ${options.master.lastName}`,
      createdByUserId: master.id,
    });
    await recordAudit(tx, {
      brandId: sub.brandId,
      actor: options.master,
      action: 'sub-agent.fund',
      entityType: 'user',
      entityId: sub.id,
      before: { masterBalance: master.balance, subAgentBalance: subRow.balance },
      after: { masterBalance, subAgentBalance, amount: options.amount, currency: master.currency, reference },
    });
    return {
      reference: options.idempotencyKey,
      amount: options.amount,
      currency: master.currency,
      masterBalance,
      subAgentBalance,
      replayed: false,
    };
  });
}
