import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userDetails } from '#shared/accounts';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentUser } from '../../presenters/user';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      config: { policy: 'signedIn' },
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user (session cookie or Bearer token) with wallet and commission',
        response: responses(userDetails),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(presentUser(requireUser(request), requireBrand(request)));
    },
  );
};
