import { z } from 'zod';
import { walletEntryKind } from './admin-money';

/**
 * Wallet statements and agents' credit (docs/finance-statements.md). Amounts are
 * integers in minor units (paisa for NPR); dates are Nepal's calendar dates, AD with BS beside.
 */

/** The longest statement one request may ask for (days). */
export const STATEMENT_MAX_DAYS = 1_000;

/** The largest credit limit an admin may give: NPR 1,00,00,000 (one crore) in paisa. */
export const MAX_CREDIT_LIMIT_MINOR = 1_000_000_000;

function isCalendarDate(value: string): boolean {
  const instant = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(instant) && new Date(instant).toISOString().slice(0, 10) === value;
}

const adDate = (field: string) =>
  z
    .string({ message: `Give ${field} as a date like 2026-05-01.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Give ${field} as a date like 2026-05-01.`)
    .refine((value) => isCalendarDate(value), {
      message: `${field} is not a real date.`,
    });

export const statementFormat = z.enum(['json', 'csv', 'xlsx']);
export type StatementFormat = z.infer<typeof statementFormat>;

/** `from` and `to` are both included (Nepal time); `to` may not come before `from`. */
export const statementQuery = z
  .object({
    from: adDate('from'),
    to: adDate('to'),
    format: statementFormat.default('json'),
  })
  .superRefine((query, context) => {
    if (query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'to must be on or after from.' });
      return;
    }
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days > STATEMENT_MAX_DAYS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A statement covers at most ${STATEMENT_MAX_DAYS} days.`,
      });
  });
export type StatementQuery = z.input<typeof statementQuery>;

export const statementLine = z.object({
  id: z.number().int(),
  /** Nepal local date and time, "2026-05-01 14:05". */
  date: z.string(),
  /** The same day in Bikram Sambat, "2083-01-18". */
  dateBs: z.string(),
  kind: walletEntryKind,
  pnr: z.string().nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** Signed minor units: positive credits the wallet. */
  amount: z.number().int(),
  /** The balance right after this entry. */
  balance: z.number().int(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const agentStatement = z.object({
  agent: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  fromBs: z.string(),
  toBs: z.string(),
  currency: z.string(),
  creditLimit: z.number().int(),
  openingBalance: z.number().int(),
  closingBalance: z.number().int(),
  /** Sums of the period's credits (positive entries) and debits (negative entries). */
  totalCredits: z.number().int(),
  totalDebits: z.number().int(),
  lines: z.array(statementLine),
});
export type AgentStatement = z.infer<typeof agentStatement>;

export const agentsStatement = z.object({
  from: z.string(),
  to: z.string(),
  fromBs: z.string(),
  toBs: z.string(),
  agents: z.array(agentStatement),
});
export type AgentsStatement = z.infer<typeof agentsStatement>;

export const creditLimitRequest = z.object({
  /** Minor units of the wallet's currency; 0 takes the credit away. */
  creditLimit: z
    .number({ message: 'Enter the credit limit in paisa.' })
    .int('Enter a whole amount in paisa.')
    .min(0, 'The credit limit cannot be negative.')
    .max(MAX_CREDIT_LIMIT_MINOR, `Use at most ${MAX_CREDIT_LIMIT_MINOR} (minor units).`),
  note: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
});
export type CreditLimitRequest = z.input<typeof creditLimitRequest>;

export const agentCredit = z.object({
  userId: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  creditLimit: z.number().int(),
  /** What the agent may still spend: balance plus the credit limit. */
  available: z.number().int(),
  /** Credit in use: how far the balance is below zero. */
  creditUsed: z.number().int(),
});
export type AgentCredit = z.infer<typeof agentCredit>;

export const settlementRequest = z.object({
  amount: z
    .number({ message: 'Enter a positive whole amount in paisa.' })
    .int('Enter a positive whole amount in paisa.')
    .positive('Enter a positive whole amount in paisa.')
    .max(MAX_CREDIT_LIMIT_MINOR, `Use at most ${MAX_CREDIT_LIMIT_MINOR} (minor units).`),
  /** The payment's outside reference (bank deposit, cheque): the same reference never settles twice. */
  reference: z.string().trim().min(1, 'Enter the payment reference.').max(80, 'Use at most 80 characters.'),
  note: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
});
export type SettlementRequest = z.input<typeof settlementRequest>;
