import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminMessage, idParams } from '#shared/admin';
import { markup, markupInput } from '#shared/admin-money';
import {
  createMarkup,
  deleteMarkup,
  listMarkups,
  updateMarkup,
} from '../../../domain/markups/manage-markups';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentMarkup } from '../../../presenters/admin-money';

const tags = ['admin'];
const scope = (request: FastifyRequest) => ({
  brandId: requireBrand(request).id,
  actor: requireUser(request),
});

/**
 * The agency's markups (docs/admin.md#markups): per route, airline or everyone, percentage or fixed. The
 * search and the booking re-pricing apply the most specific one (docs/admin.md, "Markups").
 */
export const adminMarkupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/markups',
    {
      config: { policy: 'readPricing' },
      schema: { tags, summary: "The brand's markups on fares", response: responses(z.array(markup)) },
    },
    async (request) => ok((await listMarkups(app.db, requireBrand(request).id)).map(presentMarkup)),
  );

  app.post(
    '/admin/markups',
    {
      config: { policy: 'manageMarkups' },
      schema: {
        tags,
        summary: 'Add a markup for a route, an airline or everything (one per target: 409 for a second)',
        body: markupInput,
        response: responses(markup),
      },
    },
    async (request) =>
      ok(presentMarkup(await createMarkup(app.db, { ...scope(request), values: request.body }))),
  );

  app.put(
    '/admin/markups/:id',
    {
      config: { policy: 'manageMarkups' },
      schema: {
        tags,
        summary: 'Change a markup',
        params: idParams,
        body: markupInput,
        response: responses(markup),
      },
    },
    async (request) =>
      ok(
        presentMarkup(
          await updateMarkup(app.db, { ...scope(request), id: request.params.id, values: request.body }),
        ),
      ),
  );

  app.delete(
    '/admin/markups/:id',
    {
      config: { policy: 'manageMarkups' },
      schema: { tags, summary: 'Remove a markup', params: idParams, response: responses(adminMessage) },
    },
    async (request) => {
      await deleteMarkup(app.db, { ...scope(request), id: request.params.id });
      return ok({ message: 'The markup has been removed.' });
    },
  );
};
