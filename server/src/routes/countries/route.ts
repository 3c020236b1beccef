import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { country } from '#shared/countries';
import { listCountries } from '../../domain/countries/list-countries';
import { ok, responses } from '../../http/envelope';
import { presentCountry } from '../../presenters/country';

export const countryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/countries',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['reference'],
        summary: 'Every country with its nationality and dialling code',
        response: responses(z.array(country)),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return ok((await listCountries(app.db)).map(presentCountry));
    },
  );
};
