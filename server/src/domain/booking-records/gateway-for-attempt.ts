import type { Db } from '../../db/client';
import type { GatewaySet, PaymentGateway } from '../../payments/gateway';
import type { PaymentAttempt } from '../payments/record-verification';
import { findPaymentBooking } from './find-payment-booking';

/** The deployment's gateway clients and each brand's (app.payments, payments/brand-gateways.ts). */
export interface BrandGatewayClients {
  gateways: GatewaySet;
  forBrand(brandId: string): Promise<{ gateways: GatewaySet }>;
}

/** The gateways a job works with: one set for every attempt, or each attempt's booking's brand's. */
export type AttemptGateways = GatewaySet | BrandGatewayClients;

/**
 * The gateway an attempt went through, with its booking's brand's accounts (undefined when that
 * brand no longer offers it); the deployment's for an attempt of no booking.
 */
export async function gatewayForAttempt(
  db: Db,
  gateways: AttemptGateways,
  attempt: PaymentAttempt,
): Promise<PaymentGateway | undefined> {
  if (!('forBrand' in gateways)) return (gateways as GatewaySet)[attempt.gateway];
  const booking = await findPaymentBooking(db, attempt);
  return (booking ? await gateways.forBrand(booking.brandId) : gateways).gateways[attempt.gateway];
}
