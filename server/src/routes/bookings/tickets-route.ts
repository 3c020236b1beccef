import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  cancelBookingRequest,
  cancelBookingResponse,
  pnrParams,
  ticketList,
  voidBookingRequest,
} from '#shared/bookings';
import { isAgentUserType } from '#shared/user-types';
import { findFullBooking } from '../../domain/booking-records/find-booking';
import { nameOf } from '../../domain/booking-records/name-of';
import { cancelBooking } from '../../domain/bookings/cancel/cancel-booking';
import { listTickets } from '../../domain/bookings/issue/list-tickets';
import { voidBooking } from '../../domain/bookings/void/void-booking';
import { documentLookOf } from '../../domain/documents/brand-document-look';
import { paidInTestMode } from '../../domain/tickets/paid-in-test-mode';
import { renderTicketPdf } from '../../domain/tickets/render-ticket-pdf';
import { AppError } from '../../errors';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentRefundQuote, presentTicketListItem } from '../../presenters/booking';
import { presentFullBooking } from './present-for-request';

const ticketPdfQuery = z.object({ price: z.enum(['show', 'hide']).default('show') });

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:pnr/ticket.pdf',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'The e-ticket of a ticketed booking, as a PDF',
        description:
          '`price=hide`: the ticket without its fare section, for an agent handing it to a client ' +
          'who should not see the price (default `show`: the fare, and an agent’s selling price).',
        params: pnrParams,
        querystring: ticketPdfQuery,
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const full = await findFullBooking(app.db, { pnr: request.params.pnr, userId: user.id });
      if (full.tickets.length === 0) {
        throw new AppError('NOT_FOUND', `Booking ${full.booking.pnr} has no tickets yet: pay for it first.`);
      }
      const brand = requireBrand(request);
      const pdf = await renderTicketPdf(full, {
        ...(await documentLookOf(app.assets, brand.config)),
        testPayment: await paidInTestMode(app.db, full.booking, app.payments),
        showPrice: request.query.price === 'show',
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="e-ticket-${full.booking.pnr}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/tickets',
    {
      config: { policy: 'book' },
      schema: { tags: ['bookings'], summary: "The caller's tickets", response: responses(ticketList) },
    },
    async (request) => {
      const rows = await listTickets(app.db, { userId: requireUser(request).id });
      return ok(rows.map(presentTicketListItem));
    },
  );

  app.post(
    '/bookings/:pnr/cancel',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'Quotes the refund (confirm false) or cancels and refunds (confirm true)',
        description:
          '409 CANCELLATION_NOT_ALLOWED within the no-cancel window, after departure or when already cancelled. ' +
          '`passengers`: only those passengers (with their lap infants) of a ticketed booking, which stays ' +
          'ticketed; 409 CHILD_WITHOUT_ADULT when a child would be left without an adult.',
        params: pnrParams,
        body: cancelBookingRequest,
        response: responses(cancelBookingResponse),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { quote, bookingId } = await cancelBooking(app.db, {
        scope: { userId: user.id },
        by: { name: nameOf(user), userId: user.id },
        // The refund names who cancelled: an agent for their client, or the traveller.
        reason: `Cancelled by ${isAgentUserType(user.type) ? 'agent ' : ''}${nameOf(user)}`,
        pnr: request.params.pnr,
        confirm: request.body.confirm,
        ...(request.body.passengers ? { passengers: request.body.passengers } : {}),
      });
      return ok({
        quote: presentRefundQuote(quote),
        booking: bookingId ? await presentFullBooking(app.db, request, { bookingId }) : null,
      });
    },
  );

  app.post(
    '/bookings/:pnr/void',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'Quotes (confirm false) or voids (confirm true) tickets on the day they were issued',
        description:
          'Until 23:00 Nepal time on the day of issue: the whole payment back less the brand’s void fee. ' +
          '409 VOID_WINDOW_CLOSED after that; 409 VOID_NOT_ALLOWED when not ticketed or partly cancelled.',
        params: pnrParams,
        body: voidBookingRequest,
        response: responses(cancelBookingResponse),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { quote, bookingId } = await voidBooking(app.db, {
        scope: { userId: user.id },
        by: { name: nameOf(user), userId: user.id },
        pnr: request.params.pnr,
        confirm: request.body.confirm,
      });
      return ok({
        quote: presentRefundQuote(quote),
        booking: bookingId ? await presentFullBooking(app.db, request, { bookingId }) : null,
      });
    },
  );
};
