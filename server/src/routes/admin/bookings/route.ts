import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf } from '#shared/admin';
import {
  adminBookingDetail,
  adminBookingSummary,
  adminBookingsQuery,
  adminCancelRequest,
  adminCancelResponse,
  flightDisruption,
  flightIdParams,
  markDisruptedRequest,
  pnrParams,
  resendTicketResponse,
} from '#shared/admin-bookings';
import { recordAudit } from '../../../domain/audit/record-audit';
import { cancelBooking } from '../../../domain/bookings/cancel-booking';
import { nameOf } from '../../../domain/bookings/create-booking';
import { findBrandBooking } from '../../../domain/bookings/find-brand-booking';
import { listBrandBookings } from '../../../domain/bookings/list-brand-bookings';
import { markFlightDisrupted } from '../../../domain/bookings/mark-flight-disrupted';
import { resendTicketEmail } from '../../../domain/bookings/resend-ticket-email';
import { invalidFields } from '../../../errors';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import {
  presentAdminBookingDetail,
  presentAdminBookingSummary,
  presentFlightDisruption,
} from '../../../presenters/admin-booking';
import { presentRefundQuote } from '../../../presenters/booking';

/** The brand's bookings for its admins (issue 7 §5): list, detail, resend, cancel, disruptions. */
export const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/bookings',
    {
      config: { policy: 'manageBookings' },
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
      config: { policy: 'manageBookings' },
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

  app.post(
    '/admin/bookings/:pnr/resend-ticket',
    {
      config: { policy: 'manageBookings' },
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
      });
      void app.jobs.send('email.deliver-outbox');
      return ok(result);
    },
  );

  app.post(
    '/admin/bookings/:pnr/cancel',
    {
      config: { policy: 'manageBookings' },
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
    async (request) => {
      const brand = requireBrand(request);
      const admin = requireUser(request);
      const { quote, bookingId } = await cancelBooking(app.db, {
        scope: { brandId: brand.id },
        pnr: request.params.pnr,
        confirm: request.body.confirm,
        by: { name: `${nameOf(admin)} (agency)`, userId: admin.id },
        reason: `Cancelled by the agency (${admin.email ?? admin.id}) for the traveller`,
        afterCancel: (tx, booking, cancelled) =>
          recordAudit(tx, {
            brandId: brand.id,
            actor: admin,
            action: 'booking.cancel',
            entityType: 'booking',
            entityId: booking.pnr,
            before: { status: booking.status },
            after: {
              status: cancelled.refund > 0 ? 'refunded' : 'cancelled',
              cancellationFee: cancelled.cancellationFee,
              refund: cancelled.refund,
              currency: cancelled.currency,
            },
          }),
      });
      return ok({
        quote: presentRefundQuote(quote),
        detail: bookingId
          ? presentAdminBookingDetail(
              await findBrandBooking(app.db, { brandId: brand.id, pnr: request.params.pnr }),
            )
          : null,
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
        actor: { ...admin, name: `${nameOf(admin)} (agency)` },
      });
      void app.jobs.send('email.deliver-outbox');
      return ok(presentFlightDisruption(disruption, flagged));
    },
  );
};
