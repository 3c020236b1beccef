import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { booking, pnrParams, rebookingOptions, rebookRequest } from '#shared/bookings';
import { findFullBooking } from '../../domain/booking-records/find-booking';
import { nameOf } from '../../domain/booking-records/name-of';
import { acceptDisruption } from '../../domain/bookings/disrupt/accept-disruption';
import { findOpenDisruption } from '../../domain/bookings/disrupt/find-open-disruption';
import { listRebookingOptions } from '../../domain/bookings/disrupt/list-rebooking-options';
import { rebookDisruptedBooking } from '../../domain/bookings/disrupt/rebook-disrupted-booking';
import { refundDisruptedBooking } from '../../domain/bookings/disrupt/refund-disrupted-booking';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentFullBooking } from './present-for-request';

/** The traveller's answers to a disrupted flight: accept the new time, rebook within 3 days, or a full refund. */
export const bookingDisruptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/bookings/:pnr/rebooking-options',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'The flights a disrupted booking may move to at no cost: same route, up to 3 days later',
        description: '409 NO_OPEN_DISRUPTION when the booking has no disruption waiting for an answer.',
        params: pnrParams,
        response: responses(rebookingOptions),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const full = await findFullBooking(app.db, { pnr: request.params.pnr, userId: user.id });
      const disruption = await findOpenDisruption(app.db, full.booking.id);
      const options = await listRebookingOptions(app.db, full, disruption);
      return ok({ flight_id: disruption.flightId, offers: options.offers.map((o) => o.presented) });
    },
  );

  app.post(
    '/bookings/:pnr/disruption/accept',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'Keeps the booking on its delayed or retimed flight',
        description:
          '409 FLIGHT_CANCELLED for a cancelled flight (rebook or refund instead); 409 NO_OPEN_DISRUPTION when answered already.',
        params: pnrParams,
        response: responses(booking),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const bookingId = await acceptDisruption(app.db, {
        scope: { userId: user.id },
        pnr: request.params.pnr,
        by: { name: nameOf(user), userId: user.id },
      });
      return ok(await presentFullBooking(app.db, request, { bookingId }));
    },
  );

  app.post(
    '/bookings/:pnr/disruption/rebook',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'Moves the disrupted flight to one of the rebooking options, at no cost',
        description:
          '409 REBOOKING_NOT_ALLOWED for an offer not among the options, 409 SOLD_OUT when its seats went meanwhile.',
        params: pnrParams,
        body: rebookRequest,
        response: responses(booking),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const bookingId = await rebookDisruptedBooking(app.db, {
        scope: { userId: user.id },
        pnr: request.params.pnr,
        offerId: request.body.offer_id,
        by: { name: nameOf(user), userId: user.id },
        holdMinutes: app.env.BOOKING_HOLD_MINUTES,
        links: { publicUrl: app.env.PUBLIC_URL, requestHost: request.hostname },
        jobs: app.jobs,
      });
      return ok(await presentFullBooking(app.db, request, { bookingId }));
    },
  );

  app.post(
    '/bookings/:pnr/disruption/refund',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary:
          'Cancels the disrupted booking with a full refund, without fee, to the wallet or the gateway paid with',
        params: pnrParams,
        response: responses(booking),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { bookingId } = await refundDisruptedBooking(app.db, {
        scope: { userId: user.id },
        pnr: request.params.pnr,
        by: { name: nameOf(user), userId: user.id },
      });
      return ok(await presentFullBooking(app.db, request, { bookingId }));
    },
  );
};
