import { and, eq, sql } from 'drizzle-orm';
import type { Approval } from '#shared/approvals';
import type { Db } from '../../db/client';
import { approvals } from '../../db/schema/index';
import { AppError } from '../../errors';
import { setAgentCommission } from '../admin/set-agent-commission';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import type { Actor } from '../booking-records/change-booking-status';
import { completeManualRefund } from '../bookings/refund/complete-manual-refund';
import type { OutboxJob, OutboxJobs } from '../outbox/outbox-jobs';
import { setCreditLimit } from '../wallet/set-credit-limit';
import { topUpWallet } from '../wallet/top-up-wallet';
import { findApproval } from './approval-rows';
import { ACTION_LABEL } from './four-eyes';
import { notifyOwners } from './notify-owners';

type Payload = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Applies an approved action through the domain function its direct action uses, as the approver. */
async function applyApproved(
  db: Db,
  options: {
    brandId: string;
    actor: AuditActor;
    by: Actor;
    jobs: OutboxJobs;
    action: string;
    payload: Payload;
  },
): Promise<void> {
  const { payload } = options;
  if (options.action === 'hand_refund') {
    await completeManualRefund(db, {
      brandId: options.brandId,
      pnr: String(payload.pnr),
      refundId: String(payload.refundId),
      reference: String(payload.reference),
      note: text(payload.note),
      by: options.by,
      actor: options.actor,
      jobs: options.jobs,
    });
    return;
  }
  const base = { brandId: options.brandId, actor: options.actor, userId: String(payload.userId) };
  if (options.action === 'wallet_top_up') {
    await topUpWallet(db, {
      ...base,
      amount: Number(payload.amount),
      reference: String(payload.reference),
      note: text(payload.note),
    });
  } else if (options.action === 'credit_limit') {
    await setCreditLimit(db, { ...base, creditLimit: Number(payload.creditLimit), note: text(payload.note) });
  } else if (options.action === 'commission_grant') {
    await setAgentCommission(db, {
      ...base,
      grantedCommissionPercent:
        payload.grantedCommissionPercent === null ? null : Number(payload.grantedCommissionPercent),
      agentGroupId: text(payload.agentGroupId) ?? null,
    });
  } else {
    throw new AppError('CONFLICT', 'This action cannot be applied from an approval.');
  }
}

/**
 * Approves (the action applied once, as the approver, with its own ledger and audit entries) or
 * rejects a pending approval, in one transaction with its audit entry and the owners' e-mail. The
 * approval's row lock orders concurrent decisions: the first decides, the others find it decided
 * (409 CONFLICT). The proposer never decides their own (403 FORBIDDEN); the staff-beneficiary rule
 * applies again when the action is applied (403 STAFF_OWN_ACCOUNT).
 */
export async function decideApproval(
  db: Db,
  options: {
    brandId: string;
    actor: AuditActor & { id: string };
    /** The approver, for a booking's history (a hand refund). */
    by: Actor;
    jobs: OutboxJobs;
    id: number;
    decision: 'approve' | 'reject';
  },
): Promise<Approval> {
  // Jobs the applied action asks for go out after the approval's commit (one PGlite connection).
  const asked: OutboxJob[] = [];
  const decided = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(approvals)
      .where(and(eq(approvals.id, options.id), eq(approvals.brandId, options.brandId)))
      .for('update');
    if (!locked) throw new AppError('NOT_FOUND', 'There is no such approval.');
    if (locked.proposedBy === options.actor.id) {
      throw new AppError(
        'FORBIDDEN',
        'You proposed this action: another owner or finance member decides it.',
      );
    }
    if (locked.status !== 'pending')
      throw new AppError('CONFLICT', `This approval was already ${locked.status}.`);
    const approve = options.decision === 'approve';
    if (approve) {
      await applyApproved(tx, {
        brandId: options.brandId,
        actor: options.actor,
        by: options.by,
        jobs: { send: async (name) => void asked.push(name) },
        action: locked.action,
        payload: locked.payload,
      });
    }
    const status = approve ? 'approved' : 'rejected';
    await tx
      .update(approvals)
      .set({ status, decidedBy: options.actor.id, decidedAt: sql`now()` as unknown as Date })
      .where(eq(approvals.id, locked.id));
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: approve ? 'approval.approve' : 'approval.reject',
      entityType: 'approval',
      entityId: String(locked.id),
      before: { status: 'pending' },
      after: { status, action: locked.action, amount: locked.amount, proposedBy: locked.proposedBy },
    });
    const label = ACTION_LABEL[locked.action];
    await notifyOwners(tx, {
      brandId: options.brandId,
      subject: `A ${label} was ${status}`,
      text: `${options.actor.email ?? options.actor.id} ${status} the ${label} of ${locked.amount} (minor units) proposed in approval ${locked.id}.\n`,
    });
    return findApproval(tx, { brandId: options.brandId, id: locked.id });
  });
  for (const name of asked) await options.jobs.send(name);
  return decided;
}
