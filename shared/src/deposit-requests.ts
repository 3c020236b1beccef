import { z } from 'zod';
import { pageOf, pageQuery } from './admin';
import { MAX_TOP_UP_MINOR } from './admin-money';

/**
 * Deposit requests (docs/finance-statements.md#deposit-requests): an agent who paid money in at
 * the bank asks for the wallet to be credited; the agency's finance staff approve (the wallet is
 * credited once) or reject it. Amounts are integers in minor units (paisa for NPR).
 */

export const DEPOSIT_SLIP_CONTENT_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
] as const;
export type DepositSlipContentType = (typeof DEPOSIT_SLIP_CONTENT_TYPES)[number];

/** Today's date in Nepal (UTC+05:45, no daylight saving), YYYY-MM-DD. */
const nepalToday = () => new Date(Date.now() + 345 * 60_000).toISOString().slice(0, 10);

const AMOUNT_MESSAGE = 'Enter a positive whole amount in paisa.';

export const depositRequestInput = z.object({
  /** Minor units of the wallet's currency (paisa for NPR). */
  amount: z
    .number({ message: AMOUNT_MESSAGE })
    .int(AMOUNT_MESSAGE)
    .positive(AMOUNT_MESSAGE)
    .max(MAX_TOP_UP_MINOR, `Use at most ${MAX_TOP_UP_MINOR} (minor units).`),
  /** The bank's deposit reference (voucher or transaction number). */
  reference: z
    .string({ message: 'Enter the bank deposit reference.' })
    .trim()
    .min(1, 'Enter the bank deposit reference.')
    .max(80, 'Use at most 80 characters.'),
  /** The day the money was paid in (AD, YYYY-MM-DD), today or before in Nepal. */
  deposited_on: z
    .string({ message: 'Enter the day of the deposit.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD.')
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      'Not a real date.',
    )
    .refine((value) => value <= nepalToday(), 'The deposit date cannot be in the future.'),
  /**
   * The bank's slip, optional: a PNG, JPEG or WebP image or a PDF, base64-encoded, at most
   * UPLOAD_MAX_BYTES once decoded; the bytes must be of the type named.
   */
  slip: z
    .object({
      content_type: z.string().trim().max(100),
      data: z
        .string()
        .max(30_000_000)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'Send the slip base64-encoded.'),
    })
    .optional(),
});
export type DepositRequestInput = z.input<typeof depositRequestInput>;

export const depositRequestStatus = z.enum(['pending', 'approved', 'rejected']);
export type DepositRequestStatus = z.infer<typeof depositRequestStatus>;

export const depositRequest = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string(),
  deposited_on: z.string(),
  /** The same day in Bikram Sambat, "2083-08-21". */
  deposited_on_bs: z.string(),
  status: depositRequestStatus,
  /** The slip's type when one was attached (read it at `…/deposit-requests/:id/slip`). */
  slip_content_type: z.string().nullable(),
  /** The staff member's note with the decision (a rejection's reason). */
  note: z.string().nullable(),
  created_at: z.string().describe('ISO 8601'),
  decided_at: z.string().nullable().describe('ISO 8601'),
});
export type DepositRequest = z.infer<typeof depositRequest>;

/** A deposit request as the console lists it: with the agent who asked. */
export const adminDepositRequest = depositRequest.extend({
  agent: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    /** The wallet's balance now. */
    balance: z.number().int(),
  }),
});
export type AdminDepositRequest = z.infer<typeof adminDepositRequest>;

export const depositRequestPage = pageOf(depositRequest);
export const adminDepositRequestPage = pageOf(adminDepositRequest);
export type AdminDepositRequestPage = z.infer<typeof adminDepositRequestPage>;
export type DepositRequestPage = z.infer<typeof depositRequestPage>;

export const depositRequestParams = z.object({
  id: z.coerce
    .number({ message: 'Not a valid id.' })
    .int('Not a valid id.')
    .positive('Not a valid id.')
    .max(Number.MAX_SAFE_INTEGER, 'Not a valid id.'),
});

export const depositRequestQuery = pageQuery.extend({ status: depositRequestStatus.optional() });
export type DepositRequestQuery = z.input<typeof depositRequestQuery>;

export const depositDecision = z.object({
  /** Why (a rejection's reason, shown to the agent), optional. */
  note: z.string().trim().max(500, 'Use at most 500 characters.').optional(),
});
export type DepositDecision = z.input<typeof depositDecision>;

export const depositDecisionResult = z.object({
  request: adminDepositRequest,
  /** The agent's wallet balance after the decision. */
  balance: z.number().int(),
});
export type DepositDecisionResult = z.infer<typeof depositDecisionResult>;
