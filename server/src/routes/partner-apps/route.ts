import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { partnerApp, registeredPartnerApp, registerPartnerAppRequest } from '#shared/partner-apps';
import { listPartnerApps } from '../../domain/partners/list-partner-apps';
import { registerPartnerApp } from '../../domain/partners/register-partner-app';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentPartnerApp } from '../../presenters/partner-app';

export const partnerAppRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/partner-apps',
    {
      config: { policy: 'managePartnerApps' },
      schema: {
        tags: ['partner apps'],
        summary: 'Register a partner app of the brand (admins); the client secret is shown only here',
        body: registerPartnerAppRequest,
        response: responses(registeredPartnerApp),
      },
    },
    async (request) => {
      const { partnerApp: row, clientSecret } = await registerPartnerApp(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        name: request.body.name,
      });
      return ok({ ...presentPartnerApp(row), clientSecret });
    },
  );

  app.get(
    '/partner-apps',
    {
      config: { policy: 'managePartnerApps' },
      schema: {
        tags: ['partner apps'],
        summary: "The brand's partner apps (admins), without secrets",
        response: responses(z.array(partnerApp)),
      },
    },
    async (request) => {
      const rows = await listPartnerApps(app.db, { brandId: requireBrand(request).id });
      return ok(rows.map(presentPartnerApp));
    },
  );
};
