import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { CallbackParams, PaymentGateway } from '../../payments/gateway';
import { type OnExcess, type OnPaid, type PaymentOutcome, recordVerification } from './record-verification';

export interface CompletePaymentOptions {
  gateway: PaymentGateway;
  /** The return/callback's query (or form) parameters, as received. */
  params: CallbackParams;
  /** The attempt's reference when the route carries it in its path (eSewa's failure return has no data). */
  reference?: string;
  onPaid?: OnPaid;
  /** Records the refund of a capture in excess (the order was already paid), in its transaction. */
  onExcess?: OnExcess;
}

/**
 * Handles a gateway's return or callback: signature → the gateway's status look-up → amount and
 * reference match → only then paid (or, for an order already paid, `excess`: see recordVerification). Idempotent: a replay finds the attempt settled and changes
 * nothing (`changed: false`). A callback that cannot be verified throws PAYMENT_NOT_VERIFIED with
 * the reason and leaves the attempt as it was; a pending one is left to reconcilePendingPayments.
 */
export async function completePaymentFromCallback(
  db: Db,
  options: CompletePaymentOptions,
): Promise<PaymentOutcome> {
  const { gateway } = options;
  const claimed = gateway.callbackReference(options.params);
  if (options.reference && claimed && options.reference !== claimed) {
    throw notVerified('the callback names another transaction than its address');
  }
  const reference = options.reference ?? claimed;
  if (!reference) throw notVerified('the callback does not say which payment it is about');
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.gateway, gateway.name), eq(paymentAttempts.reference, reference)));
  if (!attempt) throw notVerified('there is no such payment');

  const verification = await gateway.verifyCallback(attempt, options.params);
  if (verification.verdict === 'rejected')
    throw notVerified(verification.reason, verification.lookupFailed ?? false);
  return recordVerification(db, attempt, verification, {
    onPaid: options.onPaid,
    onExcess: options.onExcess,
    refundable: typeof gateway.refund === 'function',
  });
}

/** `lookupFailed`: the gateway's look-up did not answer usably, so the payment may yet prove made. */
function notVerified(reason: string, lookupFailed = false): AppError {
  return new AppError('PAYMENT_NOT_VERIFIED', `The payment could not be verified: ${reason}.`, undefined, {
    reason,
    lookupFailed,
  });
}
