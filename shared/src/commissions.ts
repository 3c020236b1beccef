import { z } from 'zod';
import { typedName } from './typed-name';

/**
 * The granted commission's contract (spec §12.3): what the agency gives its agents off
 * the base fare, set by its admins per agent and per agent group under a brand-wide maximum.
 * Distinct from the commission an agent sets themselves, which is their markup to their clients.
 */

/** A percentage from 0 to 100, kept to two decimals. */
export const grantedPercent = z
  .number({ message: 'Enter a percentage from 0 to 100.' })
  .min(0, 'Use 0 to 100.')
  .max(100, 'Use 0 to 100.')
  .transform((value) => Math.round(value * 100) / 100);

export const agentGroup = z.object({
  id: z.string(),
  name: z.string(),
  grantedCommissionPercent: z.number(),
  /** How many of the brand's agents are in the group. */
  agents: z.number().int(),
});
export type AgentGroup = z.infer<typeof agentGroup>;

export const commissionPolicy = z.object({
  /** Granted to an agent who has neither their own rate nor a group. */
  defaultGrantedCommissionPercent: z.number(),
  /** No agent or group is granted more, whatever was set before. */
  maxGrantedCommissionPercent: z.number(),
  groups: z.array(agentGroup),
});
export type CommissionPolicy = z.infer<typeof commissionPolicy>;

export const commissionPolicyRequest = z
  .object({ defaultGrantedCommissionPercent: grantedPercent, maxGrantedCommissionPercent: grantedPercent })
  .refine((policy) => policy.defaultGrantedCommissionPercent <= policy.maxGrantedCommissionPercent, {
    path: ['defaultGrantedCommissionPercent'],
    message: 'The default cannot be above the maximum.',
  });
export type CommissionPolicyRequest = z.input<typeof commissionPolicyRequest>;

const groupName = typedName(z.string().trim().min(1, 'Enter a name.').max(60, 'Use at most 60 characters.'));

export const agentGroupRequest = z.object({ name: groupName, grantedCommissionPercent: grantedPercent });
export type AgentGroupRequest = z.input<typeof agentGroupRequest>;

/** An agent's granted commission: their own rate (null: their group's or the brand's) and group. */
export const agentCommissionRequest = z.object({
  grantedCommissionPercent: grantedPercent.nullable(),
  agentGroupId: z.uuid({ message: 'Not a valid group.' }).nullable(),
});
export type AgentCommissionRequest = z.input<typeof agentCommissionRequest>;
