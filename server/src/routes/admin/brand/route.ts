import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { brandSettings, updateBrandSettingsRequest } from '#shared/admin';
import { getBrandSettings } from '../../../domain/brands/get-brand-settings';
import { updateBrandSettings } from '../../../domain/brands/update-brand-settings';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentBrandSettings } from '../../../presenters/admin';

export const adminBrandRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/brand',
    {
      config: { policy: 'readBrand' },
      schema: {
        tags: ['admin'],
        summary: "The brand's whole site configuration and host names (admins of the brand)",
        response: responses(brandSettings),
      },
    },
    async (request) =>
      ok(presentBrandSettings(await getBrandSettings(app.db, { brandId: requireBrand(request).id }))),
  );

  app.put(
    '/admin/brand',
    {
      config: { policy: 'manageBrand' },
      schema: {
        tags: ['admin'],
        summary: 'Save every site-configuration field and the host names; the public site shows it at once',
        description:
          'Validated by the shared site-config schema (400 naming each field). A host name another brand ' +
          'uses → 400 naming `hosts.<index>`. Audited (changed fields, old → new).',
        body: updateBrandSettingsRequest,
        response: responses(brandSettings),
      },
    },
    async (request) => {
      const saved = await updateBrandSettings(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        config: request.body.config,
        hosts: request.body.hosts,
      });
      app.brands.invalidate();
      return ok(presentBrandSettings(saved));
    },
  );
};
