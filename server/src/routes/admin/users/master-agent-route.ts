import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUser, idParams } from '#shared/admin';
import { setMasterAgentRequest, setSubAgentMasterRequest } from '#shared/sub-agents';
import { setMasterAgent } from '../../../domain/admin/set-master-agent';
import { setSubAgentMaster } from '../../../domain/admin/set-sub-agent-master';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentAdminUser } from '../../../presenters/admin';

/** The agency makes an agent a master agent, who then runs sub-agents (docs/accounts.md#sub-agents). */
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

  app.put(
    '/admin/users/:id/master',
    {
      config: { policy: 'manageUsers' },
      schema: {
        tags: ['admin'],
        summary:
          'Place an agent under a master agent of the brand (null: under none); the master then reads their bookings. Audited',
        params: idParams,
        body: setSubAgentMasterRequest,
        response: responses(adminUser),
      },
    },
    async (request) => {
      const user = await setSubAgentMaster(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        userId: request.params.id,
        masterAgentId: request.body.master_agent_id,
      });
      return ok(presentAdminUser(user));
    },
  );
};
