import { z } from 'zod';
import { emailAddress, nepaliMobile } from './accounts';
import { typedName } from './typed-name';

/**
 * Sub-agents (docs/accounts.md#sub-agents): a master agent (the agency's admin makes an agent one) creates
 * agents below them, funds their wallets from their own and passes them a part of the commission the
 * agency grants the master. docs/accounts.md#sub-agents.
 */

/** A percent with at most two decimals, 0–100 (a part of the master's own granted commission). */
const percent = z.number().min(0).max(100).multipleOf(0.01);

export const createSubAgentRequest = z.object({
  first_name: typedName(z.string().trim().min(1, 'Enter the first name.').max(60)),
  last_name: typedName(z.string().trim().min(1, 'Enter the last name.').max(60)),
  email: emailAddress,
  mobile: z.union([z.literal(''), nepaliMobile]).optional(),
  /** Percent of the base fare the master passes to the sub-agent; at most the master's own. Default 0. */
  granted_commission_percent: percent.optional(),
});
export type CreateSubAgentRequest = z.input<typeof createSubAgentRequest>;

export const setSubAgentGrantRequest = z.object({
  granted_commission_percent: percent,
});
export type SetSubAgentGrantRequest = z.input<typeof setSubAgentGrantRequest>;

/** The master's own markup on a sub-agent's price, percent of the agency's price (0–20, as an agent's own). */
export const setSubAgentMarkupRequest = z.object({
  master_markup_percent: z
    .number({ message: 'Enter a percentage from 0 to 20.' })
    .min(0, 'Enter a percentage from 0 to 20.')
    .max(20, 'Enter a percentage from 0 to 20.')
    .multipleOf(0.01, 'Use at most two decimals.'),
});
export type SetSubAgentMarkupRequest = z.input<typeof setSubAgentMarkupRequest>;

export const fundSubAgentRequest = z.object({
  /** Minor units of the wallets' currency, moved from the master's wallet to the sub-agent's. */
  amount: z.number().int().positive().max(1_000_000_000_00),
  note: z.string().trim().max(200).optional(),
});
export type FundSubAgentRequest = z.input<typeof fundSubAgentRequest>;

export const subAgent = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  wallet_balance: z.number().int(),
  wallet_currency: z.string(),
  /** What the master passes down, percent of the base fare (0–the master's own). */
  granted_commission_percent: z.number(),
  /** The sub-agent's own markup to their clients, percent (they set it themselves). */
  markup_percent: z.number(),
  /** The master's own markup on this sub-agent's price, percent of the agency's price (the master sets it). */
  master_markup_percent: z.number(),
  /** Whether the sub-agent has chosen a password (accepted the invitation). */
  active: z.boolean(),
  suspended: z.boolean(),
  created_at: z.string(),
});
export type SubAgent = z.infer<typeof subAgent>;

export const subAgentList = z.object({
  items: z.array(subAgent),
  /** The master's own granted commission: the most a sub-agent may be given. */
  master_granted_commission_percent: z.number(),
  master_wallet_balance: z.number().int(),
  master_credit_limit: z.number().int(),
  wallet_currency: z.string(),
});
export type SubAgentList = z.infer<typeof subAgentList>;

export const subAgentTransfer = z.object({
  /** The transfer's reference: the Idempotency-Key it was made with. */
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  master_balance: z.number().int(),
  sub_agent_balance: z.number().int(),
  /** The key had been used for this transfer already: nothing moved again. */
  replayed: z.boolean(),
});
export type SubAgentTransfer = z.infer<typeof subAgentTransfer>;

export const subAgentIdParams = z.object({ id: z.uuid() });

/** The agency admin makes an agent a master agent (or takes it back). */
export const setMasterAgentRequest = z.object({ master_agent: z.boolean() });

/** The agency admin places an agent under a master agent (null: under none). */
export const setSubAgentMasterRequest = z.object({ master_agent_id: z.uuid().nullable() });

/** One agent level of a booking's price: what it charges the level below, pays above, keeps. */
export const priceLevel = z.object({
  role: z.enum(['agent', 'master_agent', 'sub_agent']),
  /** The agent's user id (`userToken`). */
  agent_id: z.string(),
  name: z.string(),
  /** What this level charges below it: the traveller (the booker) or the sub-agent (a master). */
  charges: z.number().int(),
  /** What this level is charged above it: by the agency, or by the master agent. */
  pays: z.number().int(),
  /** charges − pays: commission kept plus own markup. */
  earns: z.number().int(),
  /** The commission part of `earns` (granted by the agency, or the part the master keeps). */
  commission: z.number().int(),
  /** The markup part of `earns` (the booker's own markup to their client; a master's on the sub-agent's price). */
  markup: z.number().int(),
});
export type PriceLevel = z.infer<typeof priceLevel>;

/**
 * Who gets what of one booking, in minor units, from the agency down: `traveller_pays` =
 * `agency_charged` + the sum of the levels' `earns`, exactly. A caller sees the levels at and
 * below their own: a sub-agent sees their own level only and `agency_charged` null.
 */
export const priceBreakdown = z.object({
  currency: z.string(),
  traveller_pays: z.number().int(),
  /** What the agency is charged for the booking by its top agent (null when hidden from the caller). */
  agency_charged: z.number().int().nullable(),
  levels: z.array(priceLevel),
});
export type PriceBreakdown = z.infer<typeof priceBreakdown>;

/** Who booked, on the master agent's list: themselves or one of their sub-agents. */
export const bookedBy = z.object({
  agent_id: z.string(),
  name: z.string(),
  sub_agent: z.boolean(),
});
export type BookedBy = z.infer<typeof bookedBy>;
