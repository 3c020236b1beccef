import type { GatewaySet, PaymentGateway } from '../../payments/gateway';
import type { PaymentAttempt } from './record-verification';

/** The gateways a job works with: the deployment's, or those of each attempt's brand. */
export type AttemptGateways = GatewaySet | ((attempt: PaymentAttempt) => Promise<GatewaySet>);

/** The gateway an attempt went through (undefined when its brand no longer offers it). */
export async function gatewayForAttempt(
  gateways: AttemptGateways,
  attempt: PaymentAttempt,
): Promise<PaymentGateway | undefined> {
  const set = typeof gateways === 'function' ? await gateways(attempt) : gateways;
  return set[attempt.gateway];
}
