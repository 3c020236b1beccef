import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMessage, adminUser, idParams } from '#shared/admin';
import { pendingApprovalResult } from '#shared/approvals';
import {
  agentCommissionRequest,
  agentGroupRequest,
  commissionPolicy,
  commissionPolicyRequest,
} from '#shared/commissions';
import { successEnvelope } from '#shared/envelope';
import {
  checkGrantedCommissionUnderMax,
  setAgentCommission,
} from '../../../domain/admin/set-agent-commission';
import { withFourEyes } from '../../../domain/approvals/four-eyes';
import {
  createAgentGroup,
  deleteAgentGroup,
  getCommissionPolicy,
  setCommissionPolicy,
  updateAgentGroup,
} from '../../../domain/commissions/manage-commissions';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentAdminUser } from '../../../presenters/admin';

const tags = ['admin'];
const config = { policy: 'manageCommissionRates' } as const;
const scope = (request: FastifyRequest) => ({
  brandId: requireBrand(request).id,
  actor: requireUser(request),
});

/**
 * The commission the agency grants its agents off the base fare (docs/admin.md, "Granted
 * commission"): a brand default under a brand maximum, agent groups, and each agent's own rate.
 */
export const adminCommissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/commissions',
    {
      config: { policy: 'readPricing' },
      schema: {
        tags,
        summary: "The brand's default and maximum granted commission and its agent groups",
        response: responses(commissionPolicy),
      },
    },
    async (request) => ok(await getCommissionPolicy(app.db, requireBrand(request).id)),
  );

  app.put(
    '/admin/commissions',
    {
      config,
      schema: {
        tags,
        summary: 'Set the default granted commission and the most the agency grants anyone',
        body: commissionPolicyRequest,
        response: responses(commissionPolicy),
      },
    },
    async (request) => ok(await setCommissionPolicy(app.db, { ...scope(request), ...request.body })),
  );

  app.post(
    '/admin/agent-groups',
    {
      config,
      schema: {
        tags,
        summary: 'Create an agent group with the commission granted to its agents',
        body: agentGroupRequest,
        response: responses(commissionPolicy),
      },
    },
    async (request) => {
      await createAgentGroup(app.db, { ...scope(request), ...request.body });
      return ok(await getCommissionPolicy(app.db, requireBrand(request).id));
    },
  );

  app.put(
    '/admin/agent-groups/:id',
    {
      config,
      schema: {
        tags,
        summary: "Rename an agent group or change its agents' granted commission",
        params: idParams,
        body: agentGroupRequest,
        response: responses(commissionPolicy),
      },
    },
    async (request) => {
      await updateAgentGroup(app.db, { ...scope(request), groupId: request.params.id, ...request.body });
      return ok(await getCommissionPolicy(app.db, requireBrand(request).id));
    },
  );

  app.delete(
    '/admin/agent-groups/:id',
    {
      config,
      schema: {
        tags,
        summary: "Delete an agent group: its agents fall back to their own rate or the brand's default",
        params: idParams,
        response: responses(adminMessage),
      },
    },
    async (request) => {
      await deleteAgentGroup(app.db, { ...scope(request), groupId: request.params.id });
      return ok({ message: 'The agent group has been deleted.' });
    },
  );

  app.put(
    '/admin/users/:id/commission',
    {
      config: { policy: 'manageCommissions' },
      schema: {
        tags,
        summary: "Set an agent's granted commission (null: their group's or the brand's) and group",
        params: idParams,
        body: agentCommissionRequest,
        response: { ...responses(adminUser), 202: successEnvelope(pendingApprovalResult) },
      },
    },
    async (request, reply) => {
      const { brandId, actor } = scope(request);
      const percent = request.body.grantedCommissionPercent;
      await checkGrantedCommissionUnderMax(app.db, brandId, percent);
      const outcome = await withFourEyes(app.db, {
        brandId,
        actor,
        action: 'commission_grant',
        // Basis points; taking the granted commission away never waits.
        amount: percent === null ? 0 : Math.round(percent * 100),
        payload: { userId: request.params.id, ...request.body },
        apply: (db) => setAgentCommission(db, { brandId, actor, userId: request.params.id, ...request.body }),
      });
      if ('pending' in outcome) {
        await app.jobs.send('email.deliver-outbox');
        return reply.code(202).send(ok({ approval: outcome.pending }));
      }
      return ok(presentAdminUser(outcome.applied));
    },
  );
};
