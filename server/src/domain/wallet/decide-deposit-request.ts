import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { depositRequests, users, walletEntries } from '../../db/schema/index';
import { AppError } from '../../errors';
import { refuseStaffBeneficiary } from '../admin/refuse-staff-beneficiary';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { type DepositRequestRow, findDepositRequest } from './list-deposit-requests';
import { notifyDepositDecision } from './notify-deposit-decision';
import { postWalletEntry } from './post-wallet-entry';

export interface DecideDepositRequestOptions {
  brandId: string;
  /** The staff member deciding (finance or owner). */
  actor: AuditActor & { id: string };
  id: number;
  decision: 'approve' | 'reject';
  note?: string | undefined;
}

const ALREADY_CREDITED = 'This reference has already been credited to the wallet.';

/**
 * Approves (the wallet credited by a `top_up` entry with the deposit's reference, in the ledger by
 * its trigger) or rejects a pending deposit request, in one transaction with its audit entry and
 * the agent's e-mail, SMS (when they have a mobile) and `wallet.deposit` webhook event. The
 * request's row lock orders concurrent decisions: the first decides, the others find it decided
 * (409 CONFLICT), so a request credits the wallet once. A staff member never decides a request for
 * their own account, nor approves one for another staff member's (403 STAFF_OWN_ACCOUNT,
 * docs/security.md#no-one-moves-money-to-themselves); another brand's request is 404.
 */
export async function decideDepositRequest(
  db: Db,
  options: DecideDepositRequestOptions,
): Promise<{ request: DepositRequestRow; balance: number }> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(depositRequests)
      .where(and(eq(depositRequests.id, options.id), eq(depositRequests.brandId, options.brandId)))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', 'There is no such deposit request.');
    const approve = options.decision === 'approve';
    const [beneficiary] = await tx
      .select({ id: users.id, type: users.type })
      .from(users)
      .where(eq(users.id, locked.userId));
    // Rejecting another staff member's request moves no money; approving it, or deciding one's own, would.
    if (beneficiary && (approve || beneficiary.id === options.actor.id)) {
      refuseStaffBeneficiary(options.actor, beneficiary);
    }
    if (locked.status !== 'pending') {
      throw new AppError('CONFLICT', `This deposit request was already ${locked.status}.`);
    }
    let walletEntryId: number | null = null;
    let balance: number;
    if (approve) {
      const [credited] = await tx
        .select({ id: walletEntries.id })
        .from(walletEntries)
        .where(and(eq(walletEntries.userId, locked.userId), eq(walletEntries.reference, locked.reference)));
      if (credited) throw new AppError('CONFLICT', ALREADY_CREDITED, { reference: ALREADY_CREDITED });
      balance = await postWalletEntry(tx, {
        userId: locked.userId,
        kind: 'top_up',
        amount: locked.amount,
        currency: locked.currency,
        reference: locked.reference,
        note: options.note || `Bank deposit of ${locked.depositedOn}`,
        createdByUserId: options.actor.id,
      });
      const [entry] = await tx
        .select({ id: walletEntries.id })
        .from(walletEntries)
        .where(and(eq(walletEntries.userId, locked.userId), eq(walletEntries.reference, locked.reference)));
      walletEntryId = entry?.id ?? null;
    } else {
      const [user] = await tx
        .select({ balance: users.walletBalance })
        .from(users)
        .where(eq(users.id, locked.userId));
      balance = user?.balance ?? 0;
    }
    const status = approve ? 'approved' : 'rejected';
    const decided = await tx
      .update(depositRequests)
      .set({
        status,
        decisionNote: options.note || null,
        decidedBy: options.actor.id,
        decidedAt: sql`now()` as unknown as Date,
        walletEntryId,
      })
      .where(and(eq(depositRequests.id, locked.id), eq(depositRequests.status, 'pending')))
      .returning({ id: depositRequests.id });
    if (decided.length !== 1) throw new Error('the locked deposit request changed meanwhile');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: approve ? 'wallet.deposit-request.approve' : 'wallet.deposit-request.reject',
      entityType: 'deposit_request',
      entityId: String(locked.id),
      before: { status: 'pending' },
      after: {
        status,
        userId: locked.userId,
        amount: locked.amount,
        currency: locked.currency,
        reference: locked.reference,
        depositedOn: locked.depositedOn,
        walletBalance: balance,
        ...(options.note ? { note: options.note } : {}),
      },
    });
    const request = await findDepositRequest(tx, { brandId: options.brandId, id: locked.id });
    await notifyDepositDecision(tx, { brandId: options.brandId, request, balance });
    return { request, balance };
  });
}
