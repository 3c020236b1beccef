import { eq, sql } from 'drizzle-orm';
import type { ApprovalPolicy } from '#shared/approvals';
import type { Db } from '../../db/client';
import { approvalPolicies } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';

/**
 * The thresholds a brand starts with (docs/admin.md#four-eyes-approvals): NPR 100,000 for a top-up,
 * a credit limit and a hand refund; a granted commission above 10 %.
 */
export const DEFAULT_APPROVAL_POLICY: ApprovalPolicy = {
  topUpThreshold: 10_000_000,
  creditLimitThreshold: 10_000_000,
  handRefundThreshold: 10_000_000,
  commissionRateThreshold: 1_000,
};

export async function readApprovalPolicy(db: Db, brandId: string): Promise<ApprovalPolicy> {
  const [row] = await db.select().from(approvalPolicies).where(eq(approvalPolicies.brandId, brandId));
  if (!row) return DEFAULT_APPROVAL_POLICY;
  return {
    topUpThreshold: row.topUpThreshold,
    creditLimitThreshold: row.creditLimitThreshold,
    handRefundThreshold: row.handRefundThreshold,
    commissionRateThreshold: row.commissionRateThreshold,
  };
}

/** Sets the brand's thresholds (the owner's), with its audit entry (old → new). */
export function setApprovalPolicy(
  db: Db,
  options: { brandId: string; actor: AuditActor; policy: ApprovalPolicy },
): Promise<ApprovalPolicy> {
  return db.transaction(async (tx) => {
    const before = await readApprovalPolicy(tx, options.brandId);
    await tx
      .insert(approvalPolicies)
      .values({ brandId: options.brandId, ...options.policy })
      .onConflictDoUpdate({
        target: approvalPolicies.brandId,
        set: { ...options.policy, updatedAt: sql`now()` as unknown as Date },
      });
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: 'approval-policy.update',
      entityType: 'brand',
      entityId: options.brandId,
      before: { ...before },
      after: { ...options.policy },
    });
    return options.policy;
  });
}
