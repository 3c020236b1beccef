import type { SubAgent, SubAgentTransfer } from '#shared/sub-agents';
import type { FundSubAgentResult } from '../domain/sub-agents/fund-sub-agent';
import type { SubAgentRow } from '../domain/sub-agents/list-sub-agents';

/** A sub-agent as their master sees them: no hash, no token, no link. */
export function presentSubAgent(row: SubAgentRow): SubAgent {
  return {
    id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    mobile: row.mobile,
    wallet_balance: row.walletBalance,
    wallet_currency: row.walletCurrency,
    granted_commission_percent: row.masterGrantedCommissionPercent ?? 0,
    markup_percent: row.commissionPercent,
    master_markup_percent: row.masterMarkupPercent,
    active: row.active,
    suspended: row.suspendedAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentSubAgentTransfer(result: FundSubAgentResult): SubAgentTransfer {
  return {
    reference: result.reference,
    amount: result.amount,
    currency: result.currency,
    master_balance: result.masterBalance,
    sub_agent_balance: result.subAgentBalance,
    replayed: result.replayed,
  };
}
