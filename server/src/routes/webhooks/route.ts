import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#shared/admin';
import {
  createdWebhook,
  createWebhookRequest,
  webhook,
  webhookDeliveriesQuery,
  webhookDelivery,
} from '#shared/integrations';
import { createWebhook } from '../../domain/webhooks/create-webhook';
import { deleteWebhook } from '../../domain/webhooks/delete-webhook';
import { listWebhookDeliveries } from '../../domain/webhooks/list-webhook-deliveries';
import { listWebhooks } from '../../domain/webhooks/list-webhooks';
import { redeliverWebhookEvent } from '../../domain/webhooks/redeliver-webhook-event';
import { sendWebhookTest } from '../../domain/webhooks/send-webhook-test';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentWebhook, presentWebhookDelivery } from '../../presenters/integrations';

const tags = ['integrations'];
const deliveryParams = z.object({
  id: z.uuid({ message: 'Not a valid id.' }),
  deliveryId: z.uuid({ message: 'Not a valid id.' }),
});

/** An agent's or admin's own webhooks and their delivery log (docs/webhooks.md). */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/webhooks',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: 'Your webhooks, without their secrets',
        response: responses(z.array(webhook)),
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok((await listWebhooks(app.db, { userId: user.id, brandId: user.brandId })).map(presentWebhook));
    },
  );

  app.post(
    '/webhooks',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary:
          'Register a webhook for your events; its signing secret is answered this once, in data.secret',
        body: createWebhookRequest,
        response: responses(createdWebhook),
      },
    },
    async (request) => {
      const { row, secret } = await createWebhook(app.db, {
        user: requireUser(request),
        url: request.body.url,
        events: request.body.events,
        secretsKey: app.webhookSecretsKey,
        allowPrivate: app.env.WEBHOOKS_ALLOW_PRIVATE,
      });
      return ok({ ...presentWebhook(row), secret });
    },
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: "A webhook's delivery log: each event, its attempts and the receiver's last status code",
        params: idParams,
        querystring: webhookDeliveriesQuery,
        response: responses(z.array(webhookDelivery)),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const rows = await listWebhookDeliveries(app.db, {
        userId: user.id,
        brandId: user.brandId,
        webhookId: request.params.id,
        limit: request.query.limit,
      });
      return ok(rows.map(presentWebhookDelivery));
    },
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: "Send a delivery's event again (same event id), now",
        params: deliveryParams,
        response: responses(webhookDelivery),
      },
    },
    async (request) => {
      const row = await redeliverWebhookEvent(app.db, {
        user: requireUser(request),
        webhookId: request.params.id,
        deliveryId: request.params.deliveryId,
      });
      await app.jobs.send('webhooks.deliver');
      return ok(presentWebhookDelivery(row));
    },
  );
  app.post(
    '/webhooks/:id/test',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: 'Send a test event (type webhook.test) to this webhook now, signed like any delivery',
        description: 'It shows in the delivery log; a disabled webhook → 409 CONFLICT.',
        params: idParams,
        response: responses(webhookDelivery),
      },
    },
    async (request) => {
      const row = await sendWebhookTest(app.db, {
        user: requireUser(request),
        webhookId: request.params.id,
      });
      await app.jobs.send('webhooks.deliver');
      return ok(presentWebhookDelivery(row));
    },
  );
  // Registered last: the access sweep's owner calls every route in order, this one deletes.
  app.delete(
    '/webhooks/:id',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: 'Delete a webhook: nothing more is sent to it',
        params: idParams,
        response: responses(webhook),
      },
    },
    async (request) =>
      ok(
        presentWebhook(
          await deleteWebhook(app.db, { user: requireUser(request), webhookId: request.params.id }),
        ),
      ),
  );
};
