import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditEntry, listAuditQuery, pageOf } from '#shared/admin';
import { listAuditEntries } from '../../../domain/audit/list-audit-entries';
import { requireBrand } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentAuditEntry } from '../../../presenters/admin';

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      config: { policy: 'readBrandRecords' },
      schema: {
        tags: ['admin'],
        summary: "The brand's audit log: who changed what, when, old → new; newest first, paged",
        querystring: listAuditQuery,
        response: responses(pageOf(auditEntry)),
      },
    },
    async (request) => {
      const page = await listAuditEntries(app.db, { brandId: requireBrand(request).id, ...request.query });
      return ok({ ...page, items: page.items.map(presentAuditEntry) });
    },
  );
};
