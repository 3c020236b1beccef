import { API_BASE_PATH } from '#shared/constants';
import type { Db } from '../../../db/client';
import type { GatewayName, PaymentAction, PaymentGateway } from '../../../payments/gateway';
import { assertNoCancelledFlight } from '../../booking-records/assert-no-cancelled-flight';
import { assertPayable } from '../../booking-records/assert-payable';
import { findBooking } from '../../booking-records/find-booking';
import { startPayment } from '../../payments/start-payment';

export interface StartBookingPaymentOptions {
  userId: string;
  pnr: string;
  gateway: PaymentGateway;
  /**
   * The base address of the booking's brand's site (domain/brands/brand-site-url.ts): the gateways
   * send the payer back to `${siteUrl}/api/b2b/v2/payments/${gateway}/return/${reference}/success`,
   * and Khalti gets it as website_url.
   */
  siteUrl: string;
  /** The gateway takes test payments for the booking's brand (payments-mode.ts). */
  testMode: boolean;
}

/** The return address of a gateway for one attempt: the route that verifies and completes it. */
export const returnUrl = (
  base: string,
  gateway: GatewayName,
  reference: string,
  outcome: 'success' | 'failure',
) => `${base}/${gateway}/return/${reference}/${outcome}`;

/**
 * Starts paying a held booking through a gateway: a pending attempt for the amount due, and what
 * the browser must do next. The booking changes only when the gateway's return is verified.
 */
export async function startBookingPayment(
  db: Db,
  options: StartBookingPaymentOptions,
): Promise<PaymentAction> {
  const booking = await findBooking(db, { pnr: options.pnr, userId: options.userId });
  assertPayable(booking);
  await assertNoCancelledFlight(db, booking);
  const returnBase = `${options.siteUrl}${API_BASE_PATH}/payments`;
  const { action } = await startPayment(db, {
    gateway: options.gateway,
    orderId: booking.id,
    orderName: `Booking ${booking.pnr}`,
    amountPaisa: booking.amountDue,
    currency: booking.currency,
    testMode: options.testMode,
    callbackUrls: (reference) => ({
      successUrl: returnUrl(returnBase, options.gateway.name, reference, 'success'),
      failureUrl: returnUrl(returnBase, options.gateway.name, reference, 'failure'),
    }),
    websiteUrl: options.siteUrl,
  });
  return action;
}
