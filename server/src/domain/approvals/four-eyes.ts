import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Approval, ApprovalActionName, ApprovalPolicy } from '#shared/approvals';
import type { Db } from '../../db/client';
import { approvals, users } from '../../db/schema/index';
import { findBrandUser } from '../admin/find-brand-user';
import { refuseStaffBeneficiary } from '../admin/refuse-staff-beneficiary';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { readApprovalPolicy } from './approval-policy';
import { findApproval } from './approval-rows';
import { notifyOwners } from './notify-owners';

const THRESHOLD_OF: Record<ApprovalActionName, keyof ApprovalPolicy> = {
  wallet_top_up: 'topUpThreshold',
  credit_limit: 'creditLimitThreshold',
  hand_refund: 'handRefundThreshold',
  commission_grant: 'commissionRateThreshold',
};

export const ACTION_LABEL: Record<ApprovalActionName, string> = {
  wallet_top_up: 'wallet top-up',
  credit_limit: 'credit limit',
  hand_refund: 'hand refund',
  commission_grant: 'commission grant',
};

export interface FourEyesOptions<T> {
  brandId: string;
  actor: AuditActor & { id: string };
  action: ApprovalActionName;
  /** Minor units (basis points for a commission grant), compared with the brand's threshold. */
  amount: number;
  /** The action's request, with the user it benefits as `userId` (none: a guest); applied as is on approval. */
  payload: Record<string, unknown> & { userId: string | null };
  /** The action itself, through the domain function the direct action uses. */
  apply: (db: Db) => Promise<T>;
}

export type FourEyesOutcome<T> = { applied: T } | { pending: Approval };

/** Whether someone other than the actor may approve: an active owner or finance member. */
async function hasSecondApprover(db: Db, brandId: string, actorId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.brandId, brandId),
        eq(users.type, 'admin'),
        inArray(users.staffRole, ['owner', 'finance']),
        isNull(users.suspendedAt),
        ne(users.id, actorId),
      ),
    )
    .limit(1);
  return Boolean(other);
}

/**
 * Four eyes above a threshold (docs/admin.md#four-eyes-approvals): at or below the brand's
 * threshold the action applies as it always did. Above it, it becomes a pending approval (audited,
 * the owners e-mailed) and nothing moves, unless no one else may approve: then it applies at once
 * and the audit says it was applied without a second person because none exists.
 */
export async function withFourEyes<T>(db: Db, options: FourEyesOptions<T>): Promise<FourEyesOutcome<T>> {
  const policy = await readApprovalPolicy(db, options.brandId);
  if (options.amount <= policy[THRESHOLD_OF[options.action]]) return { applied: await options.apply(db) };
  if (options.payload.userId) {
    const beneficiary = await findBrandUser(db, { brandId: options.brandId, userId: options.payload.userId });
    refuseStaffBeneficiary(options.actor, beneficiary);
  }
  const label = ACTION_LABEL[options.action];
  const who = options.actor.email ?? options.actor.id;
  if (!(await hasSecondApprover(db, options.brandId, options.actor.id))) {
    // Applied in its own transaction (the action may ask for jobs after its commit), then recorded.
    const applied = await options.apply(db);
    await db.transaction(async (tx) => {
      await recordAudit(tx, {
        brandId: options.brandId,
        actor: options.actor,
        action: 'approval.applied-alone',
        entityType: 'brand',
        entityId: options.brandId,
        after: {
          action: options.action,
          amount: options.amount,
          reason: 'Applied without a second person: no other owner or finance member exists.',
        },
      });
      await notifyOwners(tx, {
        brandId: options.brandId,
        subject: `A ${label} above the approval threshold was applied without a second person`,
        text: `${who} applied a ${label} of ${options.amount} (minor units) above the brand's approval threshold. No other owner or finance member exists to approve it.\n`,
      });
    });
    return { applied };
  }
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(approvals)
      .values({
        brandId: options.brandId,
        action: options.action,
        amount: options.amount,
        payload: options.payload,
        proposedBy: options.actor.id,
      })
      .returning({ id: approvals.id });
    if (!created) throw new Error('the approval just written is missing');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'approval.propose',
      entityType: 'approval',
      entityId: String(created.id),
      after: { status: 'pending', action: options.action, amount: options.amount, ...options.payload },
    });
    await notifyOwners(tx, {
      brandId: options.brandId,
      subject: `A ${label} awaits approval`,
      text: `${who} proposed a ${label} of ${options.amount} (minor units), above the brand's approval threshold. Another owner or finance member approves or rejects it in the console (Approvals).\n`,
    });
    return { pending: await findApproval(tx, { brandId: options.brandId, id: created.id }) };
  });
}
