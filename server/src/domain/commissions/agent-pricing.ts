import { eq, sql } from 'drizzle-orm';
import { isAgentUserType } from '#shared/flights';
import type { Db } from '../../db/client';
import { agentGroups, brands, users } from '../../db/schema/index';

/** How a user's prices are made: what the agency grants them, and their own markup to their clients. */
export interface AgentPricing {
  /** The commission the agency grants the agent off the base fares, percent (0 for travellers). */
  grantedCommissionPercent: number;
  /** The agent's own markup to their clients, percent of the price (null for travellers). */
  agentMarkupPercent: number | null;
  /** A sub-agent's master's markup on the sub-agent's price, percent (0 for everyone else). */
  masterMarkupPercent: number;
}

export const TRAVELLER_PRICING: AgentPricing = {
  grantedCommissionPercent: 0,
  agentMarkupPercent: null,
  masterMarkupPercent: 0,
};

/**
 * The granted commission that applies to a user row, percent: their own, else their group's, else
 * the brand's default; never above the brand's maximum, whatever was set before the maximum fell.
 * Not the agent's own commission, which is their markup (docs/decisions/0003-agent-commission-as-markup.md).
 */
export const effectiveGrantedCommission = sql<number>`least(
  coalesce(
    ${users.grantedCommissionPercent},
    (select g.granted_commission_percent from ${agentGroups} g where g.id = ${users.agentGroupId}),
    (select b.default_granted_commission_percent from ${brands} b where b.id = ${users.brandId})
  ),
  (select b.max_granted_commission_percent from ${brands} b where b.id = ${users.brandId})
)`.mapWith(Number);

/** The commission the agency grants this user, percent (their own, their group's or the brand's). */
export async function grantedCommissionOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ granted: effectiveGrantedCommission })
    .from(users)
    .where(eq(users.id, userId));
  return row?.granted ?? 0;
}

/**
 * The pricing of a signed-in user. The commission an agent sets themselves is their markup: it
 * raises what their client pays and never lowers what they pay (spec §12.2–12.3). A sub-agent's
 * granted commission is what their master passes them, never more than the master's own, and
 * they pay their master's markup on top (docs/accounts.md#sub-agents).
 */
export async function agentPricingFor(
  db: Db,
  user:
    | {
        id: string;
        type: string;
        commissionPercent: number;
        masterAgentId?: string | null;
        masterGrantedCommissionPercent?: number | null;
        masterMarkupPercent?: number;
      }
    | undefined,
): Promise<AgentPricing> {
  if (!user || !isAgentUserType(user.type)) return TRAVELLER_PRICING;
  if (user.masterAgentId) {
    const masters = await grantedCommissionOf(db, user.masterAgentId);
    return {
      grantedCommissionPercent: Math.min(user.masterGrantedCommissionPercent ?? 0, masters),
      agentMarkupPercent: user.commissionPercent,
      masterMarkupPercent: user.masterMarkupPercent ?? 0,
    };
  }
  return {
    grantedCommissionPercent: await grantedCommissionOf(db, user.id),
    agentMarkupPercent: user.commissionPercent,
    masterMarkupPercent: 0,
  };
}
