import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { type PaymentAttemptStatus, paymentAttempts } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import type { Verification } from '../../payments/gateway';
import { gatewayPayments } from '../../process-metrics';

export type PaymentAttempt = typeof paymentAttempts.$inferSelect;

/**
 * Runs in the transaction that marks the attempt paid, once per attempt: the booking's own changes.
 * Answering `{ excess: reason }` says the order had already been paid another way (a booking paid
 * from the wallet): the attempt is recorded in `excess` instead, and `onExcess` runs.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: an onPaid that answers nothing keeps the attempt paid
export type OnPaid = (tx: Db, attempt: PaymentAttempt) => Promise<void | { excess: string }>;

/**
 * Runs in the transaction that records a captured payment in excess (the order was already paid):
 * the refund record. `refundable`: the gateway has a refund API, which the caller then uses.
 */
export type OnExcess = (
  tx: Db,
  attempt: PaymentAttempt,
  excess: { reason: string; refundable: boolean },
) => Promise<void>;

export interface PaymentHooks {
  onPaid?: OnPaid;
  onExcess?: OnExcess;
  /** Whether the attempt's gateway can refund through its API (PaymentGateway.refund). */
  refundable?: boolean;
}

export interface PaymentOutcome {
  /** The attempt as it is after this call. */
  attempt: PaymentAttempt;
  /** Whether this call changed the attempt's status (false for a replay). */
  changed: boolean;
  /** Why the attempt is not paid, when it is not. */
  reason?: string;
}

/** Statuses a verified payment never leaves: a replay of its return changes nothing. */
const CAPTURED: PaymentAttemptStatus[] = ['paid', 'excess'];

/**
 * Applies a gateway's verified answer to an attempt. Marking paid is one conditional update, so
 * only the first of any number of concurrent or replayed callbacks changes anything, and the
 * unique index on paid attempts per order keeps an order from being paid twice: a second capture
 * (another attempt already paid, or the order paid another way) is recorded as `excess`, never
 * `failed`, and `onExcess` records its refund in the same transaction.
 */
export async function recordVerification(
  db: Db,
  attempt: PaymentAttempt,
  verification: Exclude<Verification, { verdict: 'rejected' }>,
  hooks: PaymentHooks = {},
): Promise<PaymentOutcome> {
  const outcome = await applyVerification(db, attempt, verification, hooks);
  if (outcome.changed)
    gatewayPayments.inc({ gateway: outcome.attempt.gateway, outcome: outcome.attempt.status });
  return outcome;
}

async function applyVerification(
  db: Db,
  attempt: PaymentAttempt,
  verification: Exclude<Verification, { verdict: 'rejected' }>,
  hooks: PaymentHooks,
): Promise<PaymentOutcome> {
  if (verification.verdict === 'paid') return markPaid(db, attempt, verification, hooks);
  if (verification.status === 'pending' || attempt.status !== 'pending') {
    return { attempt, changed: false, reason: verification.reason };
  }
  return settleUnpaid(db, attempt, verification.status, verification.reason);
}

async function markPaid(
  db: Db,
  attempt: PaymentAttempt,
  verification: Extract<Verification, { verdict: 'paid' }>,
  hooks: PaymentHooks,
): Promise<PaymentOutcome> {
  const captured = {
    gatewayReference: verification.gatewayReference,
    verifiedPayload: verification.payload,
    paidAt: sql`coalesce(${paymentAttempts.paidAt}, now())`,
    updatedAt: sql`now()`,
  };
  try {
    // A transaction (a savepoint inside the caller's) so that a lost race on the unique index
    // does not abort the caller's transaction, and onPaid commits with the status or not at all.
    return await db.transaction(async (tx) => {
      const [paid] = await tx
        .update(paymentAttempts)
        .set({ ...captured, status: 'paid', failureReason: null })
        .where(and(eq(paymentAttempts.id, attempt.id), notInArray(paymentAttempts.status, CAPTURED)))
        .returning();
      if (!paid) return { attempt: await reload(tx, attempt.id), changed: false };
      const found = await hooks.onPaid?.(tx, paid);
      if (!found) return { attempt: paid, changed: true };
      return markExcess(tx, paid, found.excess, {}, hooks, ['excess']);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Another attempt of the order is paid: this capture is money held for the payer.
    const reason = 'the order was already paid by another attempt: this payment is in excess, to be refunded';
    return db.transaction((tx) => markExcess(tx, attempt, reason, captured, hooks, CAPTURED));
  }
}

async function markExcess(
  tx: Db,
  attempt: PaymentAttempt,
  reason: string,
  captured: PgUpdateSetSource<typeof paymentAttempts>,
  hooks: PaymentHooks,
  notFrom: PaymentAttemptStatus[],
): Promise<PaymentOutcome> {
  const [excess] = await tx
    .update(paymentAttempts)
    .set({ ...captured, status: 'excess', failureReason: reason, updatedAt: sql`now()` })
    .where(and(eq(paymentAttempts.id, attempt.id), notInArray(paymentAttempts.status, notFrom)))
    .returning();
  if (!excess) return { attempt: await reload(tx, attempt.id), changed: false };
  await hooks.onExcess?.(tx, excess, { reason, refundable: hooks.refundable ?? false });
  return { attempt: excess, changed: true, reason };
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
