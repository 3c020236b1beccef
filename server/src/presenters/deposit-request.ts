import type { AdminDepositRequest, DepositRequest } from '#shared/deposit-requests';
import type { DepositRequestRow } from '../domain/wallet/list-deposit-requests';

/** A deposit request as its agent sees it (docs/finance-statements.md#deposit-requests). */
export function presentDepositRequest(row: DepositRequestRow): DepositRequest {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    reference: row.reference,
    deposited_on: row.depositedOn,
    deposited_on_bs: row.depositedOnBs,
    status: row.status,
    slip_content_type: row.slipContentType,
    note: row.decisionNote,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
  };
}

/** A deposit request as the console lists it, with its agent and their balance. */
export function presentAdminDepositRequest(row: DepositRequestRow): AdminDepositRequest {
  return { ...presentDepositRequest(row), agent: row.agent };
}
