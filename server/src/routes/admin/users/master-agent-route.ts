import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUser, idParams } from '#shared/admin';
import { setMasterAgentRequest } from '#shared/sub-agents';
import { setMasterAgent } from '../../../domain/admin/set-master-agent';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentAdminUser } from '../../../presenters/admin';

/** The agency makes an agent a master agent, who then runs sub-agents (issue 21 §4). */
export const adminMasterAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/admin/users/:id/master-agent',
    {
      config: { policy: 'manageUsers' },
      schema: {
        tags: ['admin'],
        summary:
          'Make an agent a master agent (they create and fund sub-agents) or take it back; audited. Not a sub-agent, not a traveller: 400',
        params: idParams,
        body: setMasterAgentRequest,
        response: responses(adminUser),
      },
    },
    async (request) => {
      const user = await setMasterAgent(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        userId: request.params.id,
        masterAgent: request.body.master_agent,
      });
      return ok(presentAdminUser(user));
    },
  );
};
