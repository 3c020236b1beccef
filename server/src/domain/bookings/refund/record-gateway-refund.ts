import type { Db } from '../../../db/client';
import { refunds } from '../../../db/schema/index';
import type { PaymentAttempt } from '../../payments/record-verification';

/**
 * Records that a gateway payment of a booking is to be paid back in full: once per payment
 * (a repeat is ignored). `automatic`: the booking jobs refund it through the gateway's refund call;
 * otherwise an operator pays it back from the gateway's merchant panel.
 */
export async function recordGatewayRefund(
  tx: Db,
  options: { bookingId: string; attempt: PaymentAttempt; reason: string; automatic?: boolean },
): Promise<void> {
  const { attempt } = options;
  await tx
    .insert(refunds)
    .values({
      bookingId: options.bookingId,
      method: attempt.gateway,
      amount: attempt.amountPaisa,
      currency: attempt.currency,
      status: 'pending',
      automatic: options.automatic ?? false,
      paymentReference: attempt.reference,
      reason: options.reason,
    })
    .onConflictDoNothing();
}
