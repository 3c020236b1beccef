import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentAction, pnrParams, startPaymentRequest } from '#shared/bookings';
import { findBooking } from '../../domain/booking-records/find-booking';
import { payBookingWithWallet } from '../../domain/bookings/pay/pay-booking-with-wallet';
import { paymentMethodsFor, whyMethodUnavailable } from '../../domain/bookings/pay/payment-methods-for';
import { startBookingPayment } from '../../domain/bookings/pay/start-booking-payment';
import { AppError } from '../../errors';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { brandSiteOf } from '../../http/public-link';
import { presentFullBooking } from './present-for-request';

export const bookingPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:pnr/payments',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'Pays a held booking: from the wallet (agents), or hands the browser to a gateway',
        description:
          '`wallet`: paid and ticketed at once (402 INSUFFICIENT_FUNDS with `data.shortfall`; with a credit limit, 402 CREDIT_LIMIT_EXCEEDED). ' +
          '`esewa` / `khalti` / `connectips`: a form to post or an address to go to; the gateway returns ' +
          'the payer to `/api/b2b/v2/payments/:gateway/return/…`, which verifies the payment and redirects ' +
          'to `/Booking/BookingConfirm?pnr=…&payment=success|failed`.',
        params: pnrParams,
        body: startPaymentRequest,
        response: responses(paymentAction),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { method } = request.body;
      const booking = await findBooking(app.db, { pnr: request.params.pnr, userId: user.id });
      const methods = paymentMethodsFor({
        user,
        hasPayment: requireBrand(request).config.hasPayment,
        booking: { ...booking, status: 'held' },
      });
      if (!methods.includes(method)) {
        const why = whyMethodUnavailable(method, { user, booking });
        throw new AppError('PAYMENT_METHOD_UNAVAILABLE', why, { method: why }, { methods });
      }
      if (method === 'wallet') {
        const bookingId = await payBookingWithWallet(app.db, {
          user,
          pnr: booking.pnr,
          links: { publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname },
          lowBalanceAt: app.env.WALLET_LOW_BALANCE_MINOR,
          jobs: app.jobs,
        });
        return ok({
          type: 'paid' as const,
          booking: await presentFullBooking(app.db, request, { bookingId }),
        });
      }
      const { gateways, modes } = await app.payments.forBrand(booking.brandId);
      const action = await startBookingPayment(app.db, {
        userId: user.id,
        pnr: booking.pnr,
        gateway: gateways[method],
        // The booking's brand's host, never PUBLIC_URL's alone: the payer comes back to their brand.
        siteUrl: await brandSiteOf(app, request, booking.brandId),
        testMode: modes[method] === 'test',
      });
      return ok(
        action.kind === 'form'
          ? { type: 'form' as const, url: action.url, fields: action.fields }
          : { type: 'redirect' as const, url: action.url },
      );
    },
  );
};
