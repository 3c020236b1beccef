import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandSummary, createBrandRequest } from '#shared/admin';
import { createBrand } from '../../../domain/brands/create-brand';
import { listBrands } from '../../../domain/brands/list-brands';
import { requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { publicLink, setPasswordPath } from '../../../http/public-link';
import { presentBrandSummary } from '../../../presenters/admin';

export const platformBrandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/platform/brands',
    {
      config: { policy: 'operatePlatform' },
      schema: {
        tags: ['platform'],
        summary: 'Every brand of the deployment with its host names (platform operators)',
        response: responses(z.array(brandSummary)),
      },
    },
    async () => ok((await listBrands(app.db)).map(presentBrandSummary)),
  );

  app.post(
    '/platform/brands',
    {
      config: { policy: 'operatePlatform' },
      schema: {
        tags: ['platform'],
        summary: 'Create a brand with its host names and first admin (invited by e-mail)',
        description:
          'The brand starts from the default configuration and placeholder artwork; its admin then ' +
          'brands it in the console. A slug or host name in use → 400 naming `slug` or `hosts.<index>`.',
        body: createBrandRequest,
        response: responses(brandSummary),
      },
    },
    async (request) => {
      const { hosts } = request.body;
      const { brand } = await createBrand(app.db, {
        ...request.body,
        actor: requireUser(request),
        inviteTtlMs: app.env.INVITE_TTL_HOURS * 3_600_000,
        link: (token) => publicLink(app, hosts, setPasswordPath(token)),
        linksKey: app.emailLinksKey,
      });
      app.brands.invalidate();
      return ok(
        presentBrandSummary({
          id: brand.id,
          slug: brand.slug,
          displayName: request.body.displayName,
          hosts: [...hosts].sort(),
          createdAt: brand.createdAt,
        }),
      );
    },
  );
};
