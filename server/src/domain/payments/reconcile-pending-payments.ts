import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import type { PaymentGateway } from '../../payments/gateway';
import { type AttemptGateways, gatewayForAttempt } from './gateway-for-attempt';
import { type OnExcess, type OnPaid, recordVerification } from './record-verification';

export interface ReconcileOptions {
  /** The gateways to ask, or the gateways to ask about one attempt (its order's brand's). */
  gateways: AttemptGateways;
  /** Attempts pending for at least this long are looked up (eSewa asks for 5 minutes). */
  olderThanMinutes?: number;
  /** At most this many attempts per run, oldest first. */
  limit?: number;
  onPaid?: OnPaid;
  onExcess?: OnExcess;
}

export interface ReconcileSummary {
  checked: number;
  paid: number;
  cancelled: number;
  failed: number;
  /** Captured for an order already paid: recorded in excess, for a refund. */
  excess: number;
  /** Still pending, or not verifiable now (gateway down): looked at again next run. */
  unsettled: { reference: string; reason: string }[];
}

/**
 * For a periodic job: asks the gateway about attempts that stayed pending (the payer paid but
 * never came back, or cancelled by closing the tab) and settles them. Safe to run in several
 * instances at once: each status change is a conditional update, so a race only costs a look-up.
 */
export async function reconcilePendingPayments(db: Db, options: ReconcileOptions): Promise<ReconcileSummary> {
  const minutes = options.olderThanMinutes ?? 5;
  const pending = await db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        lt(paymentAttempts.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(options.limit ?? 100);

  const summary: ReconcileSummary = {
    checked: 0,
    paid: 0,
    cancelled: 0,
    failed: 0,
    excess: 0,
    unsettled: [],
  };
  for (const attempt of pending) {
    let gateway: PaymentGateway | undefined;
    try {
      gateway = await gatewayForAttempt(options.gateways, attempt);
    } catch (error) {
      summary.unsettled.push({ reference: attempt.reference, reason: `no gateway: ${String(error)}` });
      continue;
    }
    if (!gateway) continue;
    summary.checked++;
    const verification = await gateway.lookup(attempt);
    if (verification.verdict === 'rejected') {
      summary.unsettled.push({ reference: attempt.reference, reason: verification.reason });
      continue;
    }
    const outcome = await recordVerification(db, attempt, verification, {
      onPaid: options.onPaid,
      onExcess: options.onExcess,
      refundable: typeof gateway.refund === 'function',
    });
    const status = outcome.attempt.status;
    if (status === 'pending')
      summary.unsettled.push({ reference: attempt.reference, reason: outcome.reason ?? '' });
    else if (outcome.changed) summary[status]++;
  }
  return summary;
}
