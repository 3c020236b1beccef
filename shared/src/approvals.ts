import { z } from 'zod';

/** Console money actions that wait for a second person above the brand's threshold. */
export const approvalAction = z.enum(['wallet_top_up', 'credit_limit', 'hand_refund', 'commission_grant']);
export type ApprovalActionName = z.infer<typeof approvalAction>;

const threshold = (field: string) =>
  z
    .number({ message: `Enter the ${field} threshold as a whole number.` })
    .int(`Enter the ${field} threshold as a whole number.`)
    .min(0, `The ${field} threshold cannot be negative.`)
    .max(100_000_000_000, `The ${field} threshold is too large.`);

/**
 * A brand's four-eyes thresholds (docs/admin.md#four-eyes-approvals): amounts in minor units, the
 * commission's in basis points (1000: 10 %). An action above its threshold waits for approval.
 */
export const approvalPolicy = z.object({
  topUpThreshold: threshold('top-up'),
  creditLimitThreshold: threshold('credit limit'),
  handRefundThreshold: threshold('hand refund'),
  commissionRateThreshold: threshold('commission rate').max(
    10_000,
    'Use at most 10000 basis points (100 %).',
  ),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;

export const approvalStatus = z.enum(['pending', 'approved', 'rejected']);

export const approval = z.object({
  id: z.number().int(),
  status: approvalStatus,
  action: approvalAction,
  /** Minor units (basis points for a commission grant). */
  amount: z.number().int(),
  /** The proposer's user id. */
  proposed_by: z.string(),
  proposed_by_label: z.string(),
  /** The user whose wallet, credit or commission the action changes, when it has one. */
  user_id: z.string().nullable(),
  decided_by: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type Approval = z.infer<typeof approval>;

/** The 202 answer of a money action above its threshold: nothing moved yet. */
export const pendingApprovalResult = z.object({ approval });
export type PendingApprovalResult = z.infer<typeof pendingApprovalResult>;

export const approvalsQuery = z.object({ status: approvalStatus.optional() });
export const approvalList = z.object({ items: z.array(approval) });

export const approvalParams = z.object({
  id: z.coerce
    .number({ message: 'Not a valid id.' })
    .int('Not a valid id.')
    .positive('Not a valid id.')
    .max(Number.MAX_SAFE_INTEGER, 'Not a valid id.'),
});
