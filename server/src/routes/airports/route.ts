import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { airport, airportSearchQuery } from '#shared/airports';
import { searchAirports } from '../../domain/airports/search-airports';
import { requireBrand } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentAirport } from '../../presenters/airport';

export const airportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/airports',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['reference'],
        summary: 'Airports matching a code, city or name, best first (at most 20)',
        querystring: airportSearchQuery,
        response: responses(z.array(airport)),
      },
    },
    async (request, reply) => {
      const brand = requireBrand(request);
      const rows = await searchAirports(app.db, {
        query: request.query.q,
        limit: request.query.limit,
        brandConfig: brand.config,
      });
      reply.header('cache-control', 'public, max-age=300');
      return ok(rows.map(presentAirport));
    },
  );
};
