import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { CallbackParams, PaymentGateway, Verification } from '../../payments/gateway';
import type { PaymentAttempt } from './record-verification';

export interface GatewayReturn {
  gateway: PaymentGateway;
  /** The return/callback's query (or form) parameters, as received. */
  params: CallbackParams;
  /** The attempt's reference when the route carries it in its path (eSewa's failure return has no data). */
  reference?: string | undefined;
}

export interface VerifiedReturn {
  attempt: PaymentAttempt;
  verification: Exclude<Verification, { verdict: 'rejected' }>;
}

/**
 * Reads a gateway's return or callback without trusting it: signature → the gateway's status
 * look-up → amount and reference match. Changes nothing. A return that cannot be verified throws
 * PAYMENT_NOT_VERIFIED with the reason (`lookupFailed` when the gateway did not answer usably, so
 * the payment may yet prove made).
 */
export async function verifyGatewayReturn(db: Db, gatewayReturn: GatewayReturn): Promise<VerifiedReturn> {
  const { gateway, params } = gatewayReturn;
  const claimed = gateway.callbackReference(params);
  if (gatewayReturn.reference && claimed && gatewayReturn.reference !== claimed) {
    throw notVerified('the callback names another transaction than its address');
  }
  const reference = gatewayReturn.reference ?? claimed;
  if (!reference) throw notVerified('the callback does not say which payment it is about');
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.gateway, gateway.name), eq(paymentAttempts.reference, reference)));
  if (!attempt) throw notVerified('there is no such payment');

  const verification = await gateway.verifyCallback(attempt, params);
  if (verification.verdict === 'rejected')
    throw notVerified(verification.reason, verification.lookupFailed ?? false);
  return { attempt, verification };
}

function notVerified(reason: string, lookupFailed = false): AppError {
  return new AppError('PAYMENT_NOT_VERIFIED', `The payment could not be verified: ${reason}.`, undefined, {
    reason,
    lookupFailed,
  });
}
