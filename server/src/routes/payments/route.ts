import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BookingRow } from '../../domain/booking-records/find-booking';
import { findPaymentBooking, findPaymentChange } from '../../domain/booking-records/find-payment-booking';
import { settleGatewayReturn } from '../../domain/bookings/settle-payment/settle-gateway-return';
import { normaliseHost } from '../../domain/brands/brand-directory';
import { brandSiteOf } from '../../http/public-link';
import { GATEWAY_NAMES } from '../../payments/gateway';

const gatewayName = z.enum(GATEWAY_NAMES);
const query = z.record(z.string(), z.string());

/**
 * Where the payment gateways send the payer's browser back. Nothing here is trusted: the domain
 * verifies the signature, asks the gateway, checks amount and order, and only then the booking is
 * paid and ticketed (in the same transaction); a second capture of a booking already paid is
 * recorded in excess and refunded. The browser always lands on the confirmation page:
 * `payment=success`, `pending` (the gateway's look-up did not answer; the reconcile job will ask
 * again) or `failed`, on the booking's brand's site: a return that arrives on another host (another
 * brand's, or the one address registered with ConnectIPS) sends the payer on to the brand's host.
 * A payment of a traveller's date change lands on the same page with `change=success|pending|failed`
 * instead of `payment=` (success: the change was made).
 */
export const paymentReturnRoutes: FastifyPluginAsyncZod = async (app) => {
  const handle = async (
    request: FastifyRequest,
    name: z.infer<typeof gatewayName>,
    params: Record<string, string>,
    reference: string | undefined,
  ): Promise<string> => {
    // The payment's brand decides whose merchant account verifies it, so find it first. Reading
    // the reference a return claims needs no credentials; nothing is trusted yet.
    const claimed = reference ?? app.payments.gateways[name].callbackReference(params);
    const payingBooking = await findPaymentBooking(app.db, { gateway: name, reference: claimed });
    const confirmPage = async (
      booking: BookingRow | undefined,
      payment: 'success' | 'pending' | 'failed',
      paid: 'payment' | 'change' = 'payment',
    ) => {
      const page = `/Booking/BookingConfirm?${new URLSearchParams({ pnr: booking?.pnr ?? '', [paid]: payment })}`;
      if (!booking) return page;
      // On one of the booking's brand's hosts the browser stays where it is; on any other host
      // it goes on to the brand's (never shown the booking under another brand's name).
      const site = await brandSiteOf(app, request, booking.brandId);
      return new URL(site).hostname === normaliseHost(request.hostname) ? page : `${site}${page}`;
    };
    let gateways = app.payments.gateways;
    if (payingBooking) {
      try {
        gateways = (await app.payments.forBrand(payingBooking.brandId)).gateways;
      } catch (error) {
        // The brand's saved account cannot be used (see brand-gateways.ts): the payer still lands
        // on the booking, and the attempt waits, pending, until the account is saved again.
        app.log.error(
          { err: error, gateway: name },
          'payment return: the brand’s gateway account cannot be used',
        );
        return confirmPage(payingBooking, 'failed');
      }
    }
    const { paid, lookupFailed } = await settleGatewayReturn(app.db, {
      gateway: gateways[name],
      gateways,
      params,
      reference,
      links: { publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname },
      jobs: app.jobs,
      log: app.log,
    });
    const booking = await findPaymentBooking(app.db, { gateway: name, reference: claimed });
    // A traveller's date change: back on the booking page, showing the new flight once applied.
    const change = await findPaymentChange(app.db, { gateway: name, reference: claimed });
    if (change) {
      const outcome =
        change.status === 'applied' ? 'success' : change.status === 'pending' ? 'pending' : 'failed';
      return confirmPage(booking, outcome, 'change');
    }
    const success = paid && booking?.status === 'ticketed';
    // The gateway did not answer its look-up: the payment may be made, and the job will ask again.
    const unconfirmed = lookupFailed && booking?.status === 'held';
    return confirmPage(booking, success ? 'success' : unconfirmed ? 'pending' : 'failed');
  };

  app.get(
    '/payments/:gateway/return/:reference/:outcome',
    {
      config: { policy: 'gatewayReturn' },
      schema: {
        tags: ['payments'],
        summary:
          'A gateway sends the payer back here (eSewa, Khalti): verified, then to the confirmation page',
        params: z.object({
          gateway: gatewayName,
          reference: z.string().regex(/^[A-Za-z0-9]{1,40}$/),
          outcome: z.enum(['success', 'failure']),
        }),
        querystring: query,
      },
    },
    async (request, reply) =>
      reply.redirect(
        await handle(request, request.params.gateway, request.query, request.params.reference),
        303,
      ),
  );

  app.get(
    '/payments/:gateway/return/:outcome',
    {
      config: { policy: 'gatewayReturn' },
      schema: {
        tags: ['payments'],
        summary: 'ConnectIPS sends the payer back here with ?TXNID=: verified, then to the confirmation page',
        params: z.object({ gateway: gatewayName, outcome: z.enum(['success', 'failure']) }),
        querystring: query,
      },
    },
    async (request, reply) =>
      reply.redirect(await handle(request, request.params.gateway, request.query, undefined), 303),
  );
};
