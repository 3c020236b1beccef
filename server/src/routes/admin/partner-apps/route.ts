import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#shared/admin';
import { partnerApp, registeredPartnerApp, registerPartnerAppRequest } from '#shared/partner-apps';
import { listPartnerApps } from '../../../domain/partners/list-partner-apps';
import { registerPartnerApp } from '../../../domain/partners/register-partner-app';
import { revokePartnerApp } from '../../../domain/partners/revoke-partner-app';
import { rotatePartnerSecret } from '../../../domain/partners/rotate-partner-secret';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentPartnerApp } from '../../../presenters/partner-app';

const tags = ['admin'];

export const adminPartnerAppRoutes: FastifyPluginAsyncZod = async (app) => {
  // `/partner-apps` is the address docs/partner-apps.md gives, kept beside the console's.
  for (const path of ['/admin/partner-apps', '/partner-apps']) {
    app.get(
      path,
      {
        config: { policy: 'managePartnerApps' },
        schema: {
          tags,
          summary: "The brand's partner apps, without secrets",
          response: responses(z.array(partnerApp)),
        },
      },
      async (request) =>
        ok((await listPartnerApps(app.db, { brandId: requireBrand(request).id })).map(presentPartnerApp)),
    );

    app.post(
      path,
      {
        config: { policy: 'managePartnerApps' },
        schema: {
          tags,
          summary: 'Register a partner app; its secret is answered this once',
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
  }

  app.post(
    '/admin/partner-apps/:id/rotate-secret',
    {
      config: { policy: 'managePartnerApps' },
      schema: {
        tags,
        summary: 'Give a partner app a new secret, answered this once; the old one stops working',
        params: idParams,
        response: responses(registeredPartnerApp),
      },
    },
    async (request) => {
      const { partnerApp: row, clientSecret } = await rotatePartnerSecret(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        partnerAppId: request.params.id,
      });
      return ok({ ...presentPartnerApp(row), clientSecret });
    },
  );

  app.post(
    '/admin/partner-apps/:id/revoke',
    {
      config: { policy: 'managePartnerApps' },
      schema: {
        tags,
        summary: 'Revoke a partner app: no more customer tokens, and unused ones stop working',
        params: idParams,
        response: responses(partnerApp),
      },
    },
    async (request) => {
      const row = await revokePartnerApp(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        partnerAppId: request.params.id,
      });
      return ok(presentPartnerApp(row));
    },
  );
};
