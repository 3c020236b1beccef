import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../errors';
import type { GatewaySet, PaymentGateway } from '../../../payments/gateway';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { type GatewayReturn, verifyGatewayReturn } from '../../payments/verify-gateway-return';
import type { TicketLinks } from '../issue/queue-ticket-email';
import { refundExcessPayments } from '../refund/refund-excess-payments';
import { settleBookingPayment } from './settle-booking-payment';

export interface SettleGatewayReturnOptions extends GatewayReturn {
  gateway: PaymentGateway;
  /** The booking's brand's gateways: a second capture is given back through them at once. */
  gateways: GatewaySet;
  links: TicketLinks;
  jobs: OutboxJobs;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

export interface GatewayReturnOutcome {
  /** This return's attempt is paid (by this return or an earlier one). */
  paid: boolean;
  /** The gateway did not answer its look-up: the payment may be made, and the job will ask again. */
  lookupFailed: boolean;
}

/**
 * The payer is back from the gateway (routes/payments/route.ts): the return is verified
 * (verifyGatewayReturn: signature, the gateway's look-up, amount and order; nothing trusted
 * before), then settled (settleBookingPayment, as the reconcile job does). A second capture of a
 * paid booking is given back at once where the gateway can refund (the refund job retries what
 * does not go through). A return that cannot be verified changes nothing.
 */
export async function settleGatewayReturn(
  db: Db,
  options: SettleGatewayReturnOptions,
): Promise<GatewayReturnOutcome> {
  const { gateway, log } = options;
  try {
    const verified = await verifyGatewayReturn(db, options);
    const outcome = await settleBookingPayment(db, {
      gateway,
      ...verified,
      links: options.links,
      jobs: options.jobs,
    });
    if (outcome.changed && outcome.attempt.status === 'excess') {
      const refunded = await refundExcessPayments(db, {
        gateways: options.gateways,
        attemptId: outcome.attempt.id,
      });
      log.warn(
        { gateway: gateway.name, reference: outcome.attempt.reference, refunded },
        'payment in excess',
      );
    }
    return { paid: outcome.attempt.status === 'paid', lookupFailed: false };
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'PAYMENT_NOT_VERIFIED')) throw error;
    log.warn({ gateway: gateway.name, reason: error.details?.reason }, 'payment return not verified');
    return { paid: false, lookupFailed: error.details?.lookupFailed === true };
  }
}
