import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityRequest,
  availabilityResponse,
  fareCalendarQuery,
  fareCalendarResponse,
  flightSearchRequest,
  flightSearchResponse,
  popularRoutesQuery,
  popularRoutesResponse,
} from '#shared/flights';
import type { Db } from '../../db/client';
import { agentPricingFor } from '../../domain/commissions/agent-pricing';
import { checkAvailability } from '../../domain/search/check-availability';
import { findFareCalendar } from '../../domain/search/find-fare-calendar';
import { findPopularRouteFares } from '../../domain/search/find-popular-route-fares';
import { searchFlights } from '../../domain/search/search-flights';
import { ok, responses } from '../../http/envelope';
import { presentOffer, presentSearch } from '../../presenters/flight-offer';

/**
 * Who the prices are for: the signed-in user's type and, for an agent, the commission the agency
 * grants them and their own markup. A visitor is priced as a traveller whatever `user_type` the
 * request names, so commission is only ever shown to the agent who earns it.
 */
async function pricingViewerFor(db: Db, request: FastifyRequest) {
  const pricing = await agentPricingFor(db, request.user);
  return { userType: request.user?.type ?? 'customer', ...pricing };
}

export const flightRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/flights/search',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['flights'],
        summary: 'Offers for each leg of a one-way, round-trip or multi-city search (up to 2 stops)',
        body: flightSearchRequest,
        response: responses(flightSearchResponse),
      },
      // The busiest answer, up to 150 offers a leg: written as the typed presenter shaped it,
      // without encoding it through the zod schema again on every request (that took twice as
      // long as the search). search-response-shape.test.ts checks answers against the schema.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (request) => {
      await app.rateLimiter.checkSearch(request);
      const viewer = await pricingViewerFor(app.db, request);
      const result = await searchFlights(app.db, {
        params: { ...request.body, user_type: viewer.userType },
        grantedCommissionPercent: viewer.grantedCommissionPercent,
        agentMarkupPercent: viewer.agentMarkupPercent,
        masterMarkupPercent: viewer.masterMarkupPercent,
        brandId: request.brand?.id ?? null,
      });
      if (result.suppliers.length > 1)
        request.log.info({ suppliers: result.suppliers }, 'suppliers answered');
      return ok(presentSearch(result));
    },
  );

  app.post(
    '/flights/availability',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['flights'],
        summary: 'Re-checks chosen offers before booking: same price and seats, or PRICE_CHANGED / SOLD_OUT',
        body: availabilityRequest,
        response: responses(availabilityResponse),
      },
    },
    async (request) => {
      const viewer = await pricingViewerFor(app.db, request);
      const result = await checkAvailability(app.db, {
        offers: request.body.offers,
        userType: viewer.userType,
        grantedCommissionPercent: viewer.grantedCommissionPercent,
        agentMarkupPercent: viewer.agentMarkupPercent,
        masterMarkupPercent: viewer.masterMarkupPercent,
        brandId: request.brand?.id ?? null,
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
      config: { policy: 'public' },
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
        brandId: request.brand?.id ?? null,
      });
      reply.header('cache-control', 'public, max-age=60');
      return ok(calendar);
    },
  );

  app.get(
    '/flights/popular-routes',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['flights'],
        summary:
          "The busiest domestic routes and the Everest mountain flight, each with its lowest one-adult fare over the next 14 days (the fare calendar's figures)",
        querystring: popularRoutesQuery,
        response: responses(popularRoutesResponse),
      },
    },
    async (request, reply) => {
      const fares = await findPopularRouteFares(app.db, {
        nationalityCode: request.query.nationality_code,
        brandId: request.brand?.id ?? null,
      });
      reply.header('cache-control', 'public, max-age=60');
      return ok(fares);
    },
  );
};
