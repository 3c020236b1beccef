import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageOf, pageQuery, smsOutboxEntry } from '#shared/admin';
import { listSmsOutbox } from '../../../domain/sms/list-sms-outbox';
import { requireBrand } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentSmsOutboxEntry } from '../../../presenters/sms-outbox';

/** The brand's SMS delivery log (docs/sms.md). */
export const adminSmsOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/sms-outbox',
    {
      config: { policy: 'readBrandRecords' },
      schema: {
        tags: ['admin'],
        summary:
          "The brand's SMS, sent, waiting or given up, newest first, paged, with the provider's answers",
        description: 'Mobiles are masked and links in the texts have their query values hidden.',
        querystring: pageQuery,
        response: responses(pageOf(smsOutboxEntry)),
      },
    },
    async (request) => {
      const page = await listSmsOutbox(app.db, { brandId: requireBrand(request).id, ...request.query });
      return ok({ ...page, items: page.items.map(presentSmsOutboxEntry) });
    },
  );
};
