import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '#shared/admin';
import { apiKey, createApiKeyRequest, createdApiKey } from '#shared/integrations';
import { createApiKey } from '../../domain/api-keys/create-api-key';
import { listApiKeys } from '../../domain/api-keys/list-api-keys';
import { revokeApiKey } from '../../domain/api-keys/revoke-api-key';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { presentApiKey } from '../../presenters/integrations';

const tags = ['integrations'];

/** An agent's or admin's own API keys (docs/accounts.md#api-keys). */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api-keys',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: 'Your API keys: name, prefix, scopes and last use, never the key',
        response: responses(z.array(apiKey)),
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok((await listApiKeys(app.db, { userId: user.id, brandId: user.brandId })).map(presentApiKey));
    },
  );

  app.post(
    '/api-keys',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: 'Create an API key acting as you; the key is answered this once, in data.key',
        body: createApiKeyRequest,
        response: responses(createdApiKey),
      },
    },
    async (request) => {
      const { row, key } = await createApiKey(app.db, {
        user: requireUser(request),
        name: request.body.name,
        scopes: request.body.scopes,
        hashKey: app.apiKeysHashKey,
      });
      return ok({ ...presentApiKey(row), key });
    },
  );

  app.delete(
    '/api-keys/:id',
    {
      config: { policy: 'manageIntegrations' },
      schema: {
        tags,
        summary: 'Revoke one of your API keys: its next request is refused with 401',
        params: idParams,
        response: responses(apiKey),
      },
    },
    async (request) =>
      ok(
        presentApiKey(
          await revokeApiKey(app.db, { user: requireUser(request), apiKeyId: request.params.id }),
        ),
      ),
  );
};
