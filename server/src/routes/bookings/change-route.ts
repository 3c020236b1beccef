import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeBookingRequest,
  changeBookingResponse,
  changeOptions,
  changeOptionsQuery,
} from '#shared/booking-changes';
import { pnrParams } from '#shared/bookings';
import { changeBookingDate } from '../../domain/bookings/change/change-booking-date';
import { listChangeOptions } from '../../domain/bookings/change/list-change-options';
import { changeGatewaysFor } from '../../domain/bookings/pay/payment-methods-for';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { brandSiteOf } from '../../http/public-link';
import { presentChangeOptions, presentChangeQuote } from '../../presenters/booking-change';
import { presentFullBooking } from './present-for-request';

/** Date change and reissue of a booking's leg (docs/bookings.md#date-change-and-reissue). */
export const bookingChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:pnr/change-options',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary:
          'The flights a leg may move to on a date, each with its change quote (fare difference + fee)',
        description:
          '409 CHANGE_NOT_ALLOWED when the fare allows no change now. A leg Duffel sold lists Duffel’s change offers ' +
          'for the date (an order change request), each on the searched offer of its flights with Duffel’s price and ' +
          '`expires_at`; confirmed through POST /bookings/:pnr/change (409 CHANGE_REFUSED, 502 SUPPLIER_UNAVAILABLE); ' +
          '422 CHANGE_NOT_SUPPORTED for an outside supplier that changes no orders.',
        params: pnrParams,
        querystring: changeOptionsQuery,
        response: responses(changeOptions),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const options = await listChangeOptions(app.db, {
        user,
        pnr: request.params.pnr,
        legIndex: request.query.leg_index,
        date: request.query.date,
      });
      const gateways = changeGatewaysFor({
        user,
        hasPayment: requireBrand(request).config.hasPayment,
        currency: 'NPR',
      });
      return ok(presentChangeOptions(request.query, options, gateways));
    },
  );

  app.post(
    '/bookings/:pnr/change',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary:
          'Quotes (confirm false) or makes (confirm true) a date change of one leg: new tickets citing the old ones',
        description:
          '409 CHANGE_NOT_ALLOWED when the fare conditions forbid it or its window has closed; 422 CHANGE_NOT_SUPPORTED ' +
          'for another supplier’s offer; a Duffel leg follows Duffel’s order change flow (409 CHANGE_REFUSED when ' +
          'Duffel offers or confirms no change, 410 OFFER_EXPIRED when its change offer lapsed, 502 SUPPLIER_UNAVAILABLE; ' +
          'the booking unchanged; a confirmation whose answer is lost is asked about at Duffel and applied if made, ' +
          'or 504 CHANGE_PENDING_CONFIRMATION when Duffel cannot be asked: the debit held until a job settles it); 409 CHANGE_PAYMENT_UNAVAILABLE when something is due and the booker ' +
          'has no wallet and gave no `method`; 402 INSUFFICIENT_FUNDS / CREDIT_LIMIT_EXCEEDED; 409 SOLD_OUT, PRICE_CHANGED. ' +
          'A traveller confirms with `method` (one of the quote’s `payment_methods`): the new seats are held, ' +
          '`payment_action` says where to pay, and the change is made once the gateway’s payment is verified; ' +
          '400 PAYMENT_METHOD_UNAVAILABLE for a method the booker cannot use.',
        params: pnrParams,
        body: changeBookingRequest,
        response: responses(changeBookingResponse),
      },
    },
    async (request) => {
      const result = await changeBookingDate(app.db, {
        user: requireUser(request),
        hasPayment: requireBrand(request).config.hasPayment,
        method: request.body.method,
        gatewayFor: async (booking, method) => {
          const { gateways, modes } = await app.payments.forBrand(booking.brandId);
          return {
            gateway: gateways[method],
            // The booking's brand's host: the payer comes back to their brand (payments-route.ts).
            siteUrl: await brandSiteOf(app, request, booking.brandId),
            testMode: modes[method] === 'test',
          };
        },
        pnr: request.params.pnr,
        legIndex: request.body.leg_index,
        offerId: request.body.offer_id,
        total: request.body.total,
        confirm: request.body.confirm,
        holdMinutes: app.env.BOOKING_HOLD_MINUTES,
        links: { publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname },
        jobs: app.jobs,
      });
      const action = result.paymentAction;
      return ok({
        quote: presentChangeQuote(result.quote, result.payment, result.paymentMethods),
        booking: result.bookingId
          ? await presentFullBooking(app.db, request, { bookingId: result.bookingId })
          : null,
        invoice_number: result.invoiceNumber,
        ...(action && {
          payment_action:
            action.kind === 'form'
              ? { type: 'form' as const, url: action.url, fields: action.fields }
              : { type: 'redirect' as const, url: action.url },
        }),
      });
    },
  );
};
