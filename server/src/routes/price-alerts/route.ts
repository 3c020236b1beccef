import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#shared/admin';
import { createPriceAlertRequest, priceAlert } from '#shared/price-alerts';
import {
  createPriceAlert,
  deletePriceAlert,
  listPriceAlerts,
} from '../../domain/price-alerts/manage-price-alerts';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentPriceAlert } from '../../presenters/price-alert';

const tags = ['price-alerts'];

/** A signed-in traveller's or agent's price alerts (docs/accounts.md#price-alerts). */
export const priceAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/price-alerts',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: 'Your price alerts: route, dates, the fare you saw and the lowest at the last check',
        response: responses(z.array(priceAlert)),
      },
    },
    async (request) => ok((await listPriceAlerts(app.db, requireUser(request))).map(presentPriceAlert)),
  );

  app.post(
    '/price-alerts',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary:
          'Watch a route over departure dates: an e-mail (at most daily) when its lowest fare drops below the one you saw',
        body: createPriceAlertRequest,
        response: responses(priceAlert),
      },
    },
    async (request) =>
      ok(
        presentPriceAlert(
          await createPriceAlert(app.db, { user: requireUser(request), request: request.body }),
        ),
      ),
  );

  app.delete(
    '/price-alerts/:id',
    {
      config: { policy: 'book' },
      schema: {
        tags,
        summary: 'Delete one of your price alerts',
        params: idParams,
        response: responses(priceAlert),
      },
    },
    async (request) =>
      ok(
        presentPriceAlert(
          await deletePriceAlert(app.db, { user: requireUser(request), id: request.params.id }),
        ),
      ),
  );
};
