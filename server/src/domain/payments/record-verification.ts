import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaymentAttemptStatus, paymentAttempts } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Verification } from '../../payments/gateway';
import { gatewayPayments } from '../../process-metrics';

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

export type VerifiedAnswer = Exclude<Verification, { verdict: 'rejected' }>;

export interface PaymentOutcome {
  /** The attempt as it is after this call. */
  attempt: PaymentAttempt;
  /** Whether this call changed the attempt's status (false for a replay). */
  changed: boolean;
  /** Why the attempt is not paid, when it is not. */
  reason?: string;
}

/** Statuses a verified payment never leaves: a replay of its return changes nothing. */
export const CAPTURED: PaymentAttemptStatus[] = ['paid', 'excess'];

/** Why a capture lost the race on the unique index of paid attempts per order. */
export const SECOND_CAPTURE =
  'the order was already paid by another attempt: this payment is in excess, to be refunded';

/**
 * Whether marking an attempt paid failed because another attempt of its order is paid (the
 * unique index on paid attempts per order): the capture is then recorded with markAttemptExcess.
 */
export const isSecondCapture = isUniqueViolation;

/**
 * Marks an attempt paid with the gateway's verified answer: one conditional update, so only the
 * first of any number of concurrent or replayed callbacks changes anything. Run it in the
 * transaction that records the order's own part (the settle step's), so both commit or neither.
 */
export async function markAttemptPaid(
  tx: Db,
  attempt: PaymentAttempt,
  verification: Extract<Verification, { verdict: 'paid' }>,
): Promise<PaymentOutcome> {
  const [paid] = await tx
    .update(paymentAttempts)
    .set({ ...capturedOf(verification), status: 'paid', failureReason: null })
    .where(and(eq(paymentAttempts.id, attempt.id), notInArray(paymentAttempts.status, CAPTURED)))
    .returning();
  return paid ? { attempt: paid, changed: true } : { attempt: await reload(tx, attempt.id), changed: false };
}

/**
 * Records a captured payment as `excess` (the order was already paid), never `failed`: money held
 * for the payer, to be refunded. `from`: the statuses it must not be in already; `captured`: the
 * gateway's answer, when the attempt was not marked paid first.
 */
export async function markAttemptExcess(
  tx: Db,
  attempt: PaymentAttempt,
  reason: string,
  options: { from: PaymentAttemptStatus[]; captured?: Extract<Verification, { verdict: 'paid' }> },
): Promise<PaymentOutcome> {
  const [excess] = await tx
    .update(paymentAttempts)
    .set({
      ...(options.captured ? capturedOf(options.captured) : {}),
      status: 'excess',
      failureReason: reason,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentAttempts.id, attempt.id), notInArray(paymentAttempts.status, options.from)))
    .returning();
  return excess
    ? { attempt: excess, changed: true, reason }
    : { attempt: await reload(tx, attempt.id), changed: false };
}

/**
 * Applies a verified answer that is not a capture: still pending changes nothing; failed or
 * cancelled settles a pending attempt (conditionally, so a replay changes nothing).
 */
export async function recordUnpaidVerification(
  db: Db,
  attempt: PaymentAttempt,
  verification: Extract<Verification, { verdict: 'unpaid' }>,
): Promise<PaymentOutcome> {
  const { status, reason } = verification;
  if (status === 'pending' || attempt.status !== 'pending') return { attempt, changed: false, reason };
  const [settled] = await db
    .update(paymentAttempts)
    .set({ status, failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
    .returning();
  return settled
    ? { attempt: settled, changed: true, reason }
    : { attempt: await reload(db, attempt.id), changed: false, reason };
}

/** Counts a settled outcome for GET /metrics (`gateway_payments_total`). */
export function countGatewayPayment(outcome: PaymentOutcome): PaymentOutcome {
  if (outcome.changed)
    gatewayPayments.inc({ gateway: outcome.attempt.gateway, outcome: outcome.attempt.status });
  return outcome;
}

function capturedOf(verification: Extract<Verification, { verdict: 'paid' }>) {
  return {
    gatewayReference: verification.gatewayReference,
    verifiedPayload: verification.payload,
    paidAt: sql`coalesce(${paymentAttempts.paidAt}, now())` as unknown as Date,
    updatedAt: sql`now()` as unknown as Date,
  };
}

async function reload(db: Db, id: string): Promise<PaymentAttempt> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  if (!row) throw new Error(`payment attempt ${id} vanished`);
  return row;
}
