import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookings, paymentAttempts, refunds } from '../../../db/schema/index';
import type { PaymentGateway } from '../../../payments/gateway';
import { recordBookingEvent } from '../../booking-records/change-booking-status';
import { moneyText } from '../../booking-records/money-text';
import { type AttemptGateways, gatewayForAttempt } from '../../payments/gateway-for-attempt';

export interface RefundExcessOptions {
  /** The gateways to refund through, or those of one attempt (its booking's brand's). */
  gateways: AttemptGateways;
  /** Only this attempt's refund (right after its capture was recorded in excess). */
  attemptId?: string;
  /** A refund call is made again only this long after the last one (longer than a gateway call). */
  leaseSeconds?: number;
  limit?: number;
}

export interface RefundExcessSummary {
  /** The gateway said the money went back: refund completed. */
  refunded: number;
  /** The gateway said no (or has no refund API): left to an operator, with the reason. */
  manual: number;
  /** No usable answer: asked again on a later run. */
  retrying: number;
}

/**
 * Gives second captures back through the gateway's refund API (Khalti): every automatic refund
 * still pending whose payment attempt is in `excess` (or `paid`: a booking whose outside
 * supplier's order failed after the payment, issueTickets). Each refund is claimed first (a conditional
 * update of `attempted_at`), so instances running at once never call the gateway twice for it;
 * the gateway call is made outside any transaction. Refunded → `completed`; refused → no longer
 * automatic, the reason kept for the operator; unanswered → the reason kept, tried again once the
 * lease has passed. Each outcome is noted in the booking's history.
 */
export async function refundExcessPayments(
  db: Db,
  options: RefundExcessOptions,
): Promise<RefundExcessSummary> {
  const leaseSeconds = options.leaseSeconds ?? 120;
  const leaseOver = or(
    isNull(refunds.attemptedAt),
    lt(refunds.attemptedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
  );
  const due = await db
    .select({ refund: refunds, attempt: paymentAttempts })
    .from(refunds)
    .innerJoin(
      paymentAttempts,
      and(
        sql`${paymentAttempts.orderId} = ${refunds.bookingId}::text`,
        eq(paymentAttempts.reference, refunds.paymentReference),
        sql`${paymentAttempts.gateway} = ${refunds.method}`,
      ),
    )
    .where(
      and(
        eq(refunds.automatic, true),
        eq(refunds.status, 'pending'),
        // Second captures, and payments of bookings whose supplier order failed (issueTickets).
        inArray(paymentAttempts.status, ['excess', 'paid']),
        options.attemptId ? eq(paymentAttempts.id, options.attemptId) : undefined,
        leaseOver,
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(options.limit ?? 50);

  const summary: RefundExcessSummary = { refunded: 0, manual: 0, retrying: 0 };
  for (const { refund, attempt } of due) {
    const [claimed] = await db
      .update(refunds)
      .set({ attemptedAt: sql`now()` })
      .where(
        and(eq(refunds.id, refund.id), eq(refunds.status, 'pending'), eq(refunds.automatic, true), leaseOver),
      )
      .returning();
    if (!claimed) continue;
    let gateway: PaymentGateway | undefined;
    try {
      gateway = await gatewayForAttempt(options.gateways, attempt);
    } catch (error) {
      await keepError(db, refund.id, `no gateway: ${String(error)}`);
      summary.retrying++;
      continue;
    }
    const result = gateway?.refund
      ? await gateway.refund(attempt)
      : { outcome: 'refused' as const, reason: `${attempt.gateway} has no refund API here` };
    const amount = moneyText(refund.amount, refund.currency);
    if (result.outcome === 'refunded') {
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(refunds)
          .set({ status: 'completed', completedAt: sql`now()`, lastError: null })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
          .returning();
        if (done)
          await noteInHistory(
            tx,
            refund.bookingId,
            attempt.gateway,
            `Refunded ${amount} through ${attempt.gateway} (payment ${attempt.reference}).`,
          );
      });
      summary.refunded++;
    } else if (result.outcome === 'refused') {
      await db.transaction(async (tx) => {
        await tx
          .update(refunds)
          .set({ automatic: false, lastError: result.reason })
          .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
        await noteInHistory(
          tx,
          refund.bookingId,
          attempt.gateway,
          `The refund of ${amount} (payment ${attempt.reference}) could not be made through ${attempt.gateway}: ${result.reason}. To be refunded by hand.`,
        );
      });
      summary.manual++;
    } else {
      await keepError(db, refund.id, result.reason);
      summary.retrying++;
    }
  }
  return summary;
}

async function keepError(db: Db, refundId: string, reason: string): Promise<void> {
  await db.update(refunds).set({ lastError: reason }).where(eq(refunds.id, refundId));
}

async function noteInHistory(tx: Db, bookingId: string, by: string, note: string): Promise<void> {
  const [booking] = await tx
    .select({ status: bookings.status })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (booking) await recordBookingEvent(tx, bookingId, booking.status, { name: by }, note);
}
