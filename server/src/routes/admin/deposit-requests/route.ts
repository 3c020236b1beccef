import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDepositRequestPage,
  depositDecision,
  depositDecisionResult,
  depositRequestParams,
  depositRequestQuery,
} from '#shared/deposit-requests';
import { decideDepositRequest } from '../../../domain/wallet/decide-deposit-request';
import { findDepositSlip, listDepositRequests } from '../../../domain/wallet/list-deposit-requests';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { sendDepositSlip } from '../../../http/file-reply';
import { presentAdminDepositRequest } from '../../../presenters/deposit-request';

const tags = ['admin'];

/**
 * Agents' deposit requests (docs/admin.md#deposit-requests): the list (the pending queue with
 * `status=pending`), each slip, and finance's decision, which credits the wallet once.
 */
export const adminDepositRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/deposit-requests',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary: "Agents' deposit requests, newest first, with the agent and their balance; `status` filters",
        querystring: depositRequestQuery,
        response: responses(adminDepositRequestPage),
      },
    },
    async (request) => {
      const page = await listDepositRequests(app.db, { brandId: requireBrand(request).id, ...request.query });
      return ok({ ...page, items: page.items.map(presentAdminDepositRequest) });
    },
  );

  app.get(
    '/admin/deposit-requests/:id/slip',
    {
      config: { policy: 'readWallets' },
      schema: { tags, summary: "A deposit request's slip", params: depositRequestParams },
    },
    async (request, reply) => {
      const slip = await findDepositSlip(app.db, {
        brandId: requireBrand(request).id,
        id: request.params.id,
      });
      return sendDepositSlip(reply, request.params.id, slip);
    },
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/deposit-requests/:id/${decision}`,
      {
        config: { policy: 'manageWallets' },
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? "Approve a pending deposit request: the agent's wallet is credited once, audit-logged, the agent told"
              : 'Reject a pending deposit request (the note says why): audit-logged, the agent told',
          params: depositRequestParams,
          body: depositDecision,
          response: responses(depositDecisionResult),
        },
      },
      async (request) => {
        const result = await decideDepositRequest(app.db, {
          brandId: requireBrand(request).id,
          actor: requireUser(request),
          id: request.params.id,
          decision,
          note: request.body.note,
        });
        await app.jobs.send('email.deliver-outbox');
        await app.jobs.send('webhooks.deliver').catch(() => undefined);
        if (app.sms) await app.jobs.send('sms.deliver').catch(() => undefined);
        return ok({ request: presentAdminDepositRequest(result.request), balance: result.balance });
      },
    );
  }
};
