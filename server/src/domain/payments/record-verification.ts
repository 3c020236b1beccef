import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type PaymentAttemptStatus, paymentAttempts } from '../../db/schema/index';
import type { Verification } from '../../payments/gateway';

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/** Runs in the transaction that marks the attempt paid, once per attempt: the booking's own changes. */
export type OnPaid = (tx: Db, attempt: PaymentAttempt) => Promise<void>;

export interface PaymentOutcome {
  /** The attempt as it is after this call. */
  attempt: PaymentAttempt;
  /** Whether this call changed the attempt's status (false for a replay). */
  changed: boolean;
  /** Why the attempt is not paid, when it is not. */
  reason?: string;
}

/**
 * Applies a gateway's verified answer to an attempt. Marking paid is one conditional update, so
 * only the first of any number of concurrent or replayed callbacks changes anything, and the
 * unique index on paid attempts per order keeps an order from being paid twice.
 */
export async function recordVerification(
  db: Db,
  attempt: PaymentAttempt,
  verification: Exclude<Verification, { verdict: 'rejected' }>,
  onPaid?: OnPaid,
): Promise<PaymentOutcome> {
  if (verification.verdict === 'paid') return markPaid(db, attempt, verification, onPaid);
  if (verification.status === 'pending' || attempt.status !== 'pending') {
    return { attempt, changed: false, reason: verification.reason };
  }
  return settleUnpaid(db, attempt, verification.status, verification.reason);
}

async function markPaid(
  db: Db,
  attempt: PaymentAttempt,
  verification: Extract<Verification, { verdict: 'paid' }>,
  onPaid: OnPaid | undefined,
): Promise<PaymentOutcome> {
  try {
    // A transaction (a savepoint inside the caller's) so that a lost race on the unique index
    // does not abort the caller's transaction, and onPaid commits with the status or not at all.
    return await db.transaction(async (tx) => {
      const [paid] = await tx
        .update(paymentAttempts)
        .set({
          status: 'paid',
          gatewayReference: verification.gatewayReference,
          verifiedPayload: verification.payload,
          failureReason: null,
          paidAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(paymentAttempts.id, attempt.id), ne(paymentAttempts.status, 'paid')))
        .returning();
      if (!paid) return { attempt: await reload(tx, attempt.id), changed: false };
      await onPaid?.(tx, paid);
      return { attempt: paid, changed: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const reason = 'the order was already paid by another attempt; this payment must be refunded';
    const [failed] = await db
      .update(paymentAttempts)
      .set({
        status: 'failed',
        gatewayReference: verification.gatewayReference,
        verifiedPayload: verification.payload,
        failureReason: reason,
        updatedAt: sql`now()`,
      })
      .where(and(eq(paymentAttempts.id, attempt.id), ne(paymentAttempts.status, 'paid')))
      .returning();
    return failed
      ? { attempt: failed, changed: true, reason }
      : { attempt: await reload(db, attempt.id), changed: false };
  }
}

async function settleUnpaid(
  db: Db,
  attempt: PaymentAttempt,
  status: Exclude<PaymentAttemptStatus, 'pending' | 'paid'>,
  reason: string,
): Promise<PaymentOutcome> {
  const [settled] = await db
    .update(paymentAttempts)
    .set({ status, failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')))
    .returning();
  return settled
    ? { attempt: settled, changed: true, reason }
    : { attempt: await reload(db, attempt.id), changed: false, reason };
}

async function reload(db: Db, id: string): Promise<PaymentAttempt> {
  const [row] = await db.select().from(paymentAttempts).where(eq(paymentAttempts.id, id));
  if (!row) throw new Error(`payment attempt ${id} vanished`);
  return row;
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
