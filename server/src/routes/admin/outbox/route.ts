import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, outboxEmail, outboxEmailSummary, pageOf, pageQuery } from '#shared/admin';
import { findOutboxEmail } from '../../../domain/email/find-outbox-email';
import { listOutbox } from '../../../domain/email/list-outbox';
import { requireBrand } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentOutboxEmail, presentOutboxSummary } from '../../../presenters/admin';

export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      config: { policy: 'readBrandRecords' },
      schema: {
        tags: ['admin'],
        summary: "The brand's e-mails, sent or waiting, newest first, paged",
        querystring: pageQuery,
        response: responses(pageOf(outboxEmailSummary)),
      },
    },
    async (request) => {
      const page = await listOutbox(app.db, { brandId: requireBrand(request).id, ...request.query });
      return ok({ ...page, items: page.items.map(presentOutboxSummary) });
    },
  );

  app.get(
    '/admin/outbox/:id',
    {
      config: { policy: 'readBrandRecords' },
      schema: {
        tags: ['admin'],
        summary: 'One e-mail of the outbox with its text',
        params: idParams,
        response: responses(outboxEmail),
      },
    },
    async (request) =>
      ok(
        presentOutboxEmail(
          await findOutboxEmail(app.db, { brandId: requireBrand(request).id, emailId: request.params.id }),
        ),
      ),
  );
};
