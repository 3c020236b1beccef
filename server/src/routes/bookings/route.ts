import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { booking, bookingList, bookingListQuery, createBookingRequest, pnrParams } from '#shared/bookings';
import { findFullBooking } from '../../domain/booking-records/find-booking';
import { createBooking } from '../../domain/bookings/hold/create-booking';
import { holdLimitsOf, isNewAccount, platformHoldLimits } from '../../domain/bookings/hold/hold-limits';
import { listBookings } from '../../domain/bookings/list-bookings';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { idempotencyKeyOf } from '../../http/idempotency-key';
import { bookingReadScope } from '../../policies/policy';
import { presentBookingSummary } from '../../presenters/booking';
import { presentFullBooking } from './present-for-request';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: 'Re-prices the offers and holds their seats: a booking with a PNR, status held',
        description:
          'Needs an `Idempotency-Key` header: the same key with the same body answers the same booking; ' +
          'with another body, 422 IDEMPOTENCY_KEY_REUSED. 409 SOLD_OUT / PRICE_CHANGED hold nothing. ' +
          'Seat hoarding limits: 409 UNPAID_BOOKINGS_LIMIT / UNPAID_SEATS_LIMIT, and 429 RATE_LIMITED for ' +
          'accounts less than a day old starting too many holds from one address.',
        headers: z.looseObject({
          'idempotency-key': z
            .string()
            .optional()
            .describe(
              'Required: 8 to 100 letters, digits, dots, dashes or colons; the same key answers the same booking',
            ),
        }),
        body: createBookingRequest,
        response: responses(booking),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const key = idempotencyKeyOf(request);
      const holdLimits = await holdLimitsOf(app.db, user.brandId, platformHoldLimits(app.env));
      if (isNewAccount(user)) {
        await app.rateLimiter.checkAddress(request, 'new-account-hold', holdLimits.newAccountHoldsPerAddress);
      }
      const full = await createBooking(app.db, {
        user,
        request: request.body,
        idempotencyKey: key,
        holdMinutes: app.env.BOOKING_HOLD_MINUTES,
        holdLimits,
      });
      return ok(await presentFullBooking(app.db, request, { full }));
    },
  );

  app.get(
    '/bookings',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary: "The caller's bookings, newest first (a master agent's: theirs and their sub-agents')",
        querystring: bookingListQuery,
        response: responses(bookingList),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { page, page_size: pageSize, status, pnr } = request.query;
      const result = await listBookings(app.db, {
        userId: user.id,
        // A master agent reads their sub-agents' bookings too (docs/accounts.md#sub-agents).
        includeSubAgents: 'agentId' in bookingReadScope(user),
        status,
        pnr,
        page,
        pageSize,
      });
      return ok({
        items: result.items.map(presentBookingSummary),
        page,
        page_size: pageSize,
        total: result.total,
      });
    },
  );

  app.get(
    '/bookings/:pnr',
    {
      config: { policy: 'book' },
      schema: {
        tags: ['bookings'],
        summary:
          "One of the caller's bookings, or a master agent's sub-agent's (404 for anyone else's), with its price breakdown",
        params: pnrParams,
        response: responses(booking),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const full = await findFullBooking(app.db, {
        pnr: request.params.pnr,
        ...bookingReadScope(user),
      });
      return ok(await presentFullBooking(app.db, request, { full }));
    },
  );
};
