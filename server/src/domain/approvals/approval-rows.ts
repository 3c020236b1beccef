import { and, desc, eq } from 'drizzle-orm';
import type { Approval, ApprovalActionName } from '#shared/approvals';
import type { Db } from '../../db/client';
import { type ApprovalStatus, approvals, users } from '../../db/schema/index';
import { AppError } from '../../errors';

const columns = {
  id: approvals.id,
  status: approvals.status,
  action: approvals.action,
  amount: approvals.amount,
  payload: approvals.payload,
  proposedBy: approvals.proposedBy,
  proposedByLabel: users.email,
  decidedBy: approvals.decidedBy,
  createdAt: approvals.createdAt,
  decidedAt: approvals.decidedAt,
};

type Row = {
  id: number;
  status: ApprovalStatus;
  action: ApprovalActionName;
  amount: number;
  payload: Record<string, unknown>;
  proposedBy: string;
  proposedByLabel: string | null;
  decidedBy: string | null;
  createdAt: Date;
  decidedAt: Date | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export function presentApproval(row: Row): Approval {
  return {
    id: row.id,
    status: row.status,
    action: row.action,
    amount: row.amount,
    proposed_by: row.proposedBy,
    proposed_by_label: row.proposedByLabel ?? row.proposedBy,
    user_id: typeof row.payload.userId === 'string' ? row.payload.userId : null,
    decided_by: row.decidedBy,
    created_at: iso(row.createdAt),
    decided_at: row.decidedAt ? iso(row.decidedAt) : null,
  };
}

/** The brand's approvals, newest first, of one status when given. */
export async function listApprovals(
  db: Db,
  options: { brandId: string; status?: ApprovalStatus | undefined },
): Promise<Approval[]> {
  const rows = await db
    .select(columns)
    .from(approvals)
    .leftJoin(users, eq(users.id, approvals.proposedBy))
    .where(
      and(
        eq(approvals.brandId, options.brandId),
        options.status ? eq(approvals.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(approvals.id))
    .limit(200);
  return rows.map(presentApproval);
}

export async function findApproval(db: Db, options: { brandId: string; id: number }): Promise<Approval> {
  const [row] = await db
    .select(columns)
    .from(approvals)
    .leftJoin(users, eq(users.id, approvals.proposedBy))
    .where(and(eq(approvals.brandId, options.brandId), eq(approvals.id, options.id)));
  if (!row) throw new AppError('NOT_FOUND', 'There is no such approval.');
  return presentApproval(row);
}
