import type { FastifyInstance } from 'fastify';
import type { CredentialGateway } from '#shared/payment-credentials';
import type { SavedPaymentCredentials } from '../brand-gateways';

/**
 * The merchant accounts brands saved with a gateway: the sandbox knows them as its merchants too,
 * so a brand that saved its own credentials pays through the sandbox when its environment's host
 * is not configured (a real gateway knows its merchants the same way).
 */
export function brandMerchants(
  app: FastifyInstance,
  gateway: CredentialGateway,
): Promise<SavedPaymentCredentials[]> {
  return app.payments.accounts.withGateway(gateway);
}
