import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicSiteConfig } from '#shared/site-config';
import { suppliersForBrand } from '../../domain/suppliers/configured-suppliers';
import { requireBrand } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentSiteConfig } from '../../presenters/site-config';

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site-config',
    {
      config: { policy: 'public' },
      schema: {
        tags: ['brand'],
        summary: "The brand of the request's host name: its public site configuration",
        response: responses(publicSiteConfig),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const brand = requireBrand(request);
      return ok(
        presentSiteConfig(
          brand,
          await app.payments.siteMode(brand.id),
          (await suppliersForBrand(app.db, brand.id)).map((supplier) => supplier.id),
        ),
      );
    },
  );
};
