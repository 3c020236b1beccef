import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityRequest,
  availabilityResponse,
  fareCalendarQuery,
  fareCalendarResponse,
  flightSearchRequest,
  flightSearchResponse,
} from '#shared/flights';
import { checkAvailability } from '../../domain/flights/check-availability';
import { findFareCalendar } from '../../domain/flights/find-fare-calendar';
import { searchFlights } from '../../domain/flights/search-flights';
import { ok, responses } from '../../http/envelope';
import { presentOffer, presentSearch } from '../../presenters/flight-offer';

/**
 * The signed-in agent's commission percent (0–20). Accounts are not wired yet: 0 until the
 * accounts work puts the user's `commission_percent` on the request.
 */
export function commissionPercentFor(_request: FastifyRequest): number {
  return 0;
}

export const flightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/flights/search',
    {
      schema: {
        tags: ['flights'],
        summary: 'Offers for each leg of a one-way, round-trip or multi-city search (up to 2 stops)',
        body: flightSearchRequest,
        response: responses(flightSearchResponse),
      },
    },
    async (request) => {
      const result = await searchFlights(app.db, {
        params: request.body,
        commissionPercent: commissionPercentFor(request),
      });
      return ok(presentSearch(result));
    },
  );

  app.post(
    '/flights/availability',
    {
      schema: {
        tags: ['flights'],
        summary: 'Re-checks chosen offers before booking: same price and seats, or PRICE_CHANGED / SOLD_OUT',
        body: availabilityRequest,
        response: responses(availabilityResponse),
      },
    },
    async (request) => {
      const result = await checkAvailability(app.db, {
        offers: request.body.offers,
        userType: request.body.user_type,
        commissionPercent: commissionPercentFor(request),
      });
      return ok({
        offers: result.offers.map((offer) => ({
          status: 'available' as const,
          offer: presentOffer(offer, result.airlineNames),
        })),
        total: result.total,
        currency: result.currency,
      });
    },
  );

  app.get(
    '/flights/calendar',
    {
      schema: {
        tags: ['flights'],
        summary: 'The lowest one-adult fare per day of a month, for a fare calendar',
        querystring: fareCalendarQuery,
        response: responses(fareCalendarResponse),
      },
    },
    async (request, reply) => {
      const calendar = await findFareCalendar(app.db, {
        origin: request.query.depart_code,
        destination: request.query.dest_code,
        month: request.query.month,
        nationalityCode: request.query.nationality_code,
      });
      reply.header('cache-control', 'public, max-age=60');
      return ok(calendar);
    },
  );
};
