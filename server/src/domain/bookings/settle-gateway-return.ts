import type { Db } from '../../db/client';
import type { PaymentOutcome } from '../payments/record-verification';
import { type GatewayReturn, verifyGatewayReturn } from '../payments/verify-gateway-return';
import { settleBookingPayment } from './settle-booking-payment';

/**
 * The payer's browser came back from a gateway (spec §13): the return is verified (signature,
 * the gateway's look-up, amount and reference) and only then settled. Idempotent: a replay finds
 * the attempt settled and changes nothing (`changed: false`). A return that cannot be verified
 * throws PAYMENT_NOT_VERIFIED and leaves the attempt as it was; one the gateway calls pending is
 * left to settlePendingPayments.
 */
export async function settleGatewayReturn(db: Db, gatewayReturn: GatewayReturn): Promise<PaymentOutcome> {
  const { attempt, verification } = await verifyGatewayReturn(db, gatewayReturn);
  return settleBookingPayment(db, { gateway: gatewayReturn.gateway, attempt, verification });
}
