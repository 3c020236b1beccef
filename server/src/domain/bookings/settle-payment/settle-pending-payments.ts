import type { Db } from '../../../db/client';
import type { PaymentGateway } from '../../../payments/gateway';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { findStalePaymentAttempts } from '../../payments/find-stale-payment-attempts';
import { type AttemptGateways, gatewayForAttempt } from '../../payments/gateway-for-attempt';
import { settleBookingPayment } from './settle-booking-payment';

export interface SettlePendingOptions {
  /** The gateways to ask, or the gateways to ask about one attempt (its booking's brand's). */
  gateways: AttemptGateways;
  /** Attempts pending for at least this long are looked up (eSewa asks for 5 minutes). */
  olderThanMinutes?: number;
  /** At most this many attempts per run, oldest first. */
  limit?: number;
  /** PUBLIC_URL, for the links of the e-ticket e-mails of bookings paid here. */
  publicUrl: string;
  /** Asked for the e-mail delivery after a payment that ticketed a booking. */
  jobs: OutboxJobs;
}

export interface SettlePendingSummary {
  checked: number;
  paid: number;
  cancelled: number;
  failed: number;
  /** Captured for a booking already paid: recorded in excess, for a refund. */
  excess: number;
  /** Still pending, or not verifiable now (gateway down): looked at again next run. */
  unsettled: { reference: string; reason: string }[];
}

/**
 * The reconcile job's step (spec §13): asks the gateway about payments left pending (the payer
 * paid but never came back, or gave up) and settles each through settleBookingPayment, as a
 * return would. Safe in several instances at once: each status change is conditional, so a race
 * costs only a look-up.
 */
export async function settlePendingPayments(
  db: Db,
  options: SettlePendingOptions,
): Promise<SettlePendingSummary> {
  const pending = await findStalePaymentAttempts(db, {
    olderThanMinutes: options.olderThanMinutes ?? 5,
    limit: options.limit ?? 100,
  });
  const summary: SettlePendingSummary = {
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
    const outcome = await settleBookingPayment(db, {
      gateway,
      attempt,
      verification,
      links: { publicUrl: options.publicUrl },
      jobs: options.jobs,
    });
    const status = outcome.attempt.status;
    if (status === 'pending')
      summary.unsettled.push({ reference: attempt.reference, reason: outcome.reason ?? '' });
    else if (outcome.changed) summary[status]++;
  }
  return summary;
}
