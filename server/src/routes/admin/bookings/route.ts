import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageOf } from '#shared/admin';
import {
  adminBookingDetail,
  adminBookingSummary,
  adminBookingsQuery,
  adminCancelRequest,
  adminCancelResponse,
  adminChangeResponse,
  completeRefundRequest,
  flightDisruption,
  flightIdParams,
  manualRefund,
  markDisruptedRequest,
  pnrParams,
  refundParams,
  resendTicketResponse,
} from '#shared/admin-bookings';
import { pendingApprovalResult } from '#shared/approvals';
import { changeBookingRequest, changeOptions, changeOptionsQuery } from '#shared/booking-changes';
import { rebookingOptions, rebookRequest } from '#shared/bookings';
import { successEnvelope } from '#shared/envelope';
import { findUser } from '../../../domain/accounts/find-user';
import { withFourEyes } from '../../../domain/approvals/four-eyes';
import { findHandRefundAmount } from '../../../domain/approvals/hand-refund-amount';
import { findFullBooking } from '../../../domain/booking-records/find-booking';
import { findOpenDisruption } from '../../../domain/booking-records/find-open-disruption';
import { nameOf } from '../../../domain/booking-records/name-of';
import { cancelBooking } from '../../../domain/bookings/cancel/cancel-booking';
import { changeBookingDate } from '../../../domain/bookings/change/change-booking-date';
import { listChangeOptions } from '../../../domain/bookings/change/list-change-options';
import { acceptDisruption } from '../../../domain/bookings/disrupt/accept-disruption';
import { listRebookingOptions } from '../../../domain/bookings/disrupt/list-rebooking-options';
import { markFlightDisrupted } from '../../../domain/bookings/disrupt/mark-flight-disrupted';
import { rebookDisruptedBooking } from '../../../domain/bookings/disrupt/rebook-disrupted-booking';
import { refundDisruptedBooking } from '../../../domain/bookings/disrupt/refund-disrupted-booking';
import { findBrandBooking } from '../../../domain/bookings/find-brand-booking';
import { resendTicketEmail } from '../../../domain/bookings/issue/resend-ticket-email';
import { listBrandBookings } from '../../../domain/bookings/list-brand-bookings';
import {
  completeManualRefund,
  listManualRefunds,
} from '../../../domain/bookings/refund/complete-manual-refund';
import { voidBooking } from '../../../domain/bookings/void/void-booking';
import { AppError, invalidFields } from '../../../errors';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import {
  presentAdminBookingDetail,
  presentAdminBookingSummary,
  presentFlightDisruption,
} from '../../../presenters/admin-booking';
import { presentRefundQuote } from '../../../presenters/booking';
import { presentChangeOptions, presentChangeQuote } from '../../../presenters/booking-change';

/**
 * The brand's bookings for its admins (docs/bookings.md#the-agencys-view-admin-console): list, detail,
 * resend, cancel, disruptions.
 */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/bookings',
    {
      config: { policy: 'readBookings' },
      schema: {
        tags: ['admin'],
        summary: "The brand's bookings, newest first, filtered and paged",
        querystring: adminBookingsQuery,
        response: responses(pageOf(adminBookingSummary)),
      },
    },
    async (request) => {
      const query = request.query;
      if (query.from && query.to && query.from > query.to) {
        throw invalidFields({ to: 'The end date is before the start date.' });
      }
      const result = await listBrandBookings(app.db, { brandId: requireBrand(request).id, ...query });
      return ok({
        items: result.items.map(presentAdminBookingSummary),
        total: result.total,
        page: query.page,
        pageSize: query.pageSize,
      });
    },
  );

  app.get(
    '/admin/bookings/:pnr',
    {
      config: { policy: 'readBookings' },
      schema: {
        tags: ['admin'],
        summary: 'One booking with its history (who, when), payments, refunds, tickets and flights',
        params: pnrParams,
        response: responses(adminBookingDetail),
      },
    },
    async (request) =>
      ok(
        presentAdminBookingDetail(
          await findBrandBooking(app.db, { brandId: requireBrand(request).id, pnr: request.params.pnr }),
        ),
      ),
  );

  app.get(
    '/admin/refunds',
    {
      config: { policy: 'refundBookings' },
      schema: {
        tags: ['admin'],
        summary: 'Gateway payments still to be paid back by hand (eSewa, ConnectIPS), oldest first',
        description:
          'Pay each back from the gateway’s merchant panel, then record it with ' +
          '`POST /admin/bookings/:pnr/refunds/:refundId/complete`. At most 500.',
        response: responses(z.array(manualRefund)),
      },
    },
    async (request) => {
      const rows = await listManualRefunds(app.db, requireBrand(request).id);
      return ok(
        rows.map(({ refund, pnr }) => ({
          id: refund.id,
          pnr,
          method: refund.method,
          amount: refund.amount,
          currency: refund.currency,
          reason: refund.reason,
          paymentReference: refund.paymentReference,
          createdAt: refund.createdAt.toISOString(),
        })),
      );
    },
  );

  app.post(
    '/admin/bookings/:pnr/refunds/:refundId/complete',
    {
      config: { policy: 'refundBookings' },
      schema: {
        tags: ['admin'],
        summary: 'Records a gateway refund paid back by hand, with the gateway’s reference',
        description:
          'The refund is then completed and in the books, the booking’s history and the traveller ' +
          '(by e-mail) are told, and the change is audited (`refund.complete`). 409 REFUND_NOT_MANUAL ' +
          'for a wallet credit or a refund made through the gateway’s API; 409 REFUND_ALREADY_COMPLETED.',
        params: refundParams,
        body: completeRefundRequest,
        response: { ...responses(adminBookingDetail), 202: successEnvelope(pendingApprovalResult) },
      },
    },
    async (request, reply) => {
      const brandId = requireBrand(request).id;
      const admin = requireUser(request);
      const { pnr, refundId } = request.params;
      const complete = (db: typeof app.db) =>
        completeManualRefund(db, {
          brandId,
          pnr,
          refundId,
          reference: request.body.reference,
          note: request.body.note || undefined,
          by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
          actor: admin,
          jobs: app.jobs,
        });
      const refund = await findHandRefundAmount(app.db, { brandId, pnr, refundId });
      // An unknown refund is answered by completeManualRefund itself (404), as before.
      const outcome = refund
        ? await withFourEyes(app.db, {
            brandId,
            actor: admin,
            action: 'hand_refund',
            amount: refund.amount,
            payload: { userId: refund.userId, pnr, refundId, ...request.body },
            apply: complete,
          })
        : { applied: await complete(app.db) };
      if ('pending' in outcome) {
        await app.jobs.send('email.deliver-outbox');
        return reply.code(202).send(ok({ approval: outcome.pending }));
      }
      return ok(presentAdminBookingDetail(await findBrandBooking(app.db, { brandId, pnr })));
    },
  );

  app.post(
    '/admin/bookings/:pnr/resend-ticket',
    {
      config: { policy: 'serveBookings' },
      schema: {
        tags: ['admin'],
        summary: 'E-mails the e-ticket (PDF attached) to the booking contact again',
        description: '409 BOOKING_NOT_TICKETED when the booking has no e-ticket.',
        params: pnrParams,
        response: responses(resendTicketResponse),
      },
    },
    async (request) => {
      const result = await resendTicketEmail(app.db, {
        brandId: requireBrand(request).id,
        pnr: request.params.pnr,
        actor: requireUser(request),
        publicUrl: app.env.PUBLIC_URL,
        requestHost: request.hostname,
        jobs: app.jobs,
      });
      return ok(result);
    },
  );

  /**
   * The console's cancel and void on the traveller's behalf: quoted, or done and audited in the same
   * transaction; answered with the quote and the booking as it now is.
   */
  async function forTheTraveller(
    action: 'cancel' | 'void',
    request: FastifyRequest,
    input: { pnr: string; confirm: boolean },
  ) {
    const brand = requireBrand(request);
    const admin = requireUser(request);
    const done = action === 'void' ? 'Voided' : 'Cancelled';
    const options = {
      scope: { brandId: brand.id },
      pnr: input.pnr,
      confirm: input.confirm,
      by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
      reason: `${done} by the agency (${admin.email ?? admin.id}) for the traveller`,
      audit: admin,
    };
    const { quote, bookingId } =
      action === 'void' ? await voidBooking(app.db, options) : await cancelBooking(app.db, options);
    return ok({
      quote: presentRefundQuote(quote),
      detail: bookingId
        ? presentAdminBookingDetail(await findBrandBooking(app.db, { brandId: brand.id, pnr: input.pnr }))
        : null,
    });
  }

  app.post(
    '/admin/bookings/:pnr/void',
    {
      config: { policy: 'refundBookings' },
      schema: {
        tags: ['admin'],
        summary:
          'Quotes (confirm false) or voids (confirm true) the tickets on their day of issue, for the traveller',
        description:
          'Until 23:00 Nepal time on the day of issue, less the brand’s void fee; 409 VOID_WINDOW_CLOSED after. ' +
          'Audited (`booking.void`).',
        params: pnrParams,
        body: adminCancelRequest,
        response: responses(adminCancelResponse),
      },
    },
    async (request) =>
      forTheTraveller('void', request, { pnr: request.params.pnr, confirm: request.body.confirm }),
  );

  app.post(
    '/admin/bookings/:pnr/cancel',
    {
      config: { policy: 'serveBookings' },
      schema: {
        tags: ['admin'],
        summary: "Quotes (confirm false) or cancels and refunds (confirm true) on the traveller's behalf",
        description:
          'The same fare rules as the traveller’s own cancel; 409 CANCELLATION_NOT_ALLOWED within the no-cancel window.',
        params: pnrParams,
        body: adminCancelRequest,
        response: responses(adminCancelResponse),
      },
    },
    async (request) =>
      forTheTraveller('cancel', request, { pnr: request.params.pnr, confirm: request.body.confirm }),
  );

  /** The booking's booker (the new fare is priced for them; an agent's wallet pays). */
  async function bookerOf(request: FastifyRequest, pnr: string) {
    const brandId = requireBrand(request).id;
    const full = await findFullBooking(app.db, { brandId, pnr });
    const booker = await findUser(app.db, { userId: full.booking.userId, brandId });
    if (!booker) throw new AppError('NOT_FOUND', 'There is no such booking.');
    return booker;
  }

  app.get(
    '/admin/bookings/:pnr/change-options',
    {
      config: { policy: 'readBookings' },
      schema: {
        tags: ['admin'],
        summary:
          'The flights a leg may move to on a date, each with its change quote (fare difference + fee), priced for the booker',
        description:
          '409 CHANGE_NOT_ALLOWED when the fare allows no change now; 422 CHANGE_NOT_SUPPORTED for an outside supplier’s leg.',
        params: pnrParams,
        querystring: changeOptionsQuery,
        response: responses(changeOptions),
      },
    },
    async (request) => {
      const booker = await bookerOf(request, request.params.pnr);
      const options = await listChangeOptions(app.db, {
        user: booker,
        scope: { brandId: requireBrand(request).id },
        pnr: request.params.pnr,
        legIndex: request.query.leg_index,
        date: request.query.date,
      });
      return ok(presentChangeOptions(request.query, options));
    },
  );

  app.post(
    '/admin/bookings/:pnr/change',
    {
      config: { policy: 'reissueBookings' },
      schema: {
        tags: ['admin'],
        summary:
          'Quotes (confirm false) or makes (confirm true) a date change of one leg for the booker: new tickets citing the old ones',
        description:
          'The fare’s change conditions as for the booker’s own change. An agent’s booking is charged to the agent’s ' +
          'wallet (402 INSUFFICIENT_FUNDS / CREDIT_LIMIT_EXCEEDED); a traveller’s is recorded as collected by the agency ' +
          '(`payment: agency`). 409 CHANGE_NOT_ALLOWED, SOLD_OUT, PRICE_CHANGED; 422 CHANGE_NOT_SUPPORTED; a Duffel ' +
          'leg: 409 CHANGE_REFUSED, 410 OFFER_EXPIRED, 502 SUPPLIER_UNAVAILABLE (the booking unchanged). ' +
          'Audited (`booking.change`).',
        params: pnrParams,
        body: changeBookingRequest,
        response: responses(adminChangeResponse),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const admin = requireUser(request);
      const booker = await bookerOf(request, request.params.pnr);
      const result = await changeBookingDate(app.db, {
        user: booker,
        scope: { brandId: brand.id },
        by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
        agencyCollects: true,
        pnr: request.params.pnr,
        legIndex: request.body.leg_index,
        offerId: request.body.offer_id,
        total: request.body.total,
        confirm: request.body.confirm,
        holdMinutes: app.env.BOOKING_HOLD_MINUTES,
        links: { publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname },
        audit: admin,
        jobs: app.jobs,
      });
      return ok({
        quote: presentChangeQuote(result.quote, result.payment),
        detail: result.bookingId
          ? presentAdminBookingDetail(
              await findBrandBooking(app.db, { brandId: brand.id, pnr: request.params.pnr }),
            )
          : null,
        invoice_number: result.invoiceNumber,
      });
    },
  );

  app.post(
    '/admin/flights/:flightId/disruptions',
    {
      config: { policy: 'manageBookings' },
      schema: {
        tags: ['admin'],
        summary:
          "Marks a dated flight disrupted: the brand's bookings on it are flagged and their travellers e-mailed",
        description:
          'The flight id is the flight number and local date (`U4601-2026-05-01`, as in the booking detail). ' +
          '404 when the brand has no booking on that flight. Marking again flags only bookings not flagged yet.',
        params: flightIdParams,
        body: markDisruptedRequest,
        response: responses(flightDisruption),
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const { disruption, flagged } = await markFlightDisrupted(app.db, {
        brandId: requireBrand(request).id,
        flightId: request.params.flightId,
        reason: request.body.reason,
        note: request.body.note,
        change: request.body.change,
        newDepartureLocal: request.body.newDepartureLocal ?? null,
        actor: { ...admin, name: `${nameOf(admin)} (agency)` },
        jobs: app.jobs,
      });
      return ok(presentFlightDisruption(disruption, flagged));
    },
  );

  app.get(
    '/admin/bookings/:pnr/rebooking-options',
    {
      config: { policy: 'readBookings' },
      schema: {
        tags: ['admin'],
        summary: 'The flights a disrupted booking may move to at no cost (same route, up to 3 days later)',
        description: '409 NO_OPEN_DISRUPTION when the booking has no disruption waiting for an answer.',
        params: pnrParams,
        response: responses(rebookingOptions),
      },
    },
    async (request) => {
      const full = await findFullBooking(app.db, {
        brandId: requireBrand(request).id,
        pnr: request.params.pnr,
      });
      const disruption = await findOpenDisruption(app.db, full.booking.id);
      const options = await listRebookingOptions(app.db, full, disruption);
      return ok({ flight_id: disruption.flightId, offers: options.offers.map((o) => o.presented) });
    },
  );

  app.post(
    '/admin/bookings/:pnr/disruption/accept',
    {
      config: { policy: 'manageBookings' },
      schema: {
        tags: ['admin'],
        summary: "Accepts the delayed or retimed flight's new time for the traveller (audited)",
        description:
          '409 FLIGHT_CANCELLED for a cancelled flight; 409 NO_OPEN_DISRUPTION when answered already.',
        params: pnrParams,
        response: responses(adminBookingDetail),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const admin = requireUser(request);
      await acceptDisruption(app.db, {
        scope: { brandId: brand.id },
        pnr: request.params.pnr,
        by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
        audit: admin,
      });
      return ok(
        presentAdminBookingDetail(
          await findBrandBooking(app.db, { brandId: brand.id, pnr: request.params.pnr }),
        ),
      );
    },
  );

  app.post(
    '/admin/bookings/:pnr/disruption/rebook',
    {
      config: { policy: 'manageBookings' },
      schema: {
        tags: ['admin'],
        summary:
          'Moves the disrupted flight to one of the rebooking options for the traveller, at no cost (audited)',
        description:
          '409 REBOOKING_NOT_ALLOWED for an offer not among the options, 409 SOLD_OUT when its seats went meanwhile.',
        params: pnrParams,
        body: rebookRequest,
        response: responses(adminBookingDetail),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const admin = requireUser(request);
      await rebookDisruptedBooking(app.db, {
        scope: { brandId: brand.id },
        pnr: request.params.pnr,
        offerId: request.body.offer_id,
        by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
        holdMinutes: app.env.BOOKING_HOLD_MINUTES,
        links: { publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname },
        audit: admin,
        jobs: app.jobs,
      });
      return ok(
        presentAdminBookingDetail(
          await findBrandBooking(app.db, { brandId: brand.id, pnr: request.params.pnr }),
        ),
      );
    },
  );

  app.post(
    '/admin/bookings/:pnr/disruption/refund',
    {
      config: { policy: 'refundBookings' },
      schema: {
        tags: ['admin'],
        summary: 'Cancels the disrupted booking for the traveller with a full refund without fee (audited)',
        params: pnrParams,
        response: responses(adminBookingDetail),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const admin = requireUser(request);
      await refundDisruptedBooking(app.db, {
        scope: { brandId: brand.id },
        pnr: request.params.pnr,
        by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
        audit: admin,
      });
      return ok(
        presentAdminBookingDetail(
          await findBrandBooking(app.db, { brandId: brand.id, pnr: request.params.pnr }),
        ),
      );
    },
  );
};
