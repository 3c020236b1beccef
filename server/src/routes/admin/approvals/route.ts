import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { approval, approvalList, approvalParams, approvalPolicy, approvalsQuery } from '#shared/approvals';
import { readApprovalPolicy, setApprovalPolicy } from '../../../domain/approvals/approval-policy';
import { listApprovals } from '../../../domain/approvals/approval-rows';
import { decideApproval } from '../../../domain/approvals/decide-approval';
import { nameOf } from '../../../domain/booking-records/name-of';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';

const tags = ['admin'];

/** Four eyes above a threshold (docs/admin.md#four-eyes-approvals): the policy and the approvals. */
export const adminApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/approval-policy',
    {
      config: { policy: 'readBrand' },
      schema: {
        tags,
        summary: 'The thresholds above which a money action waits for a second person',
        response: responses(approvalPolicy),
      },
    },
    async (request) => ok(await readApprovalPolicy(app.db, requireBrand(request).id)),
  );

  app.put(
    '/admin/approval-policy',
    {
      config: { policy: 'manageBrand' },
      schema: {
        tags,
        summary: "Change the brand's approval thresholds (the owner's); audit-logged",
        body: approvalPolicy,
        response: responses(approvalPolicy),
      },
    },
    async (request) =>
      ok(
        await setApprovalPolicy(app.db, {
          brandId: requireBrand(request).id,
          actor: requireUser(request),
          policy: request.body,
        }),
      ),
  );

  app.get(
    '/admin/approvals',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary: "The brand's approvals, newest first (`status=pending`: those awaiting a second person)",
        querystring: approvalsQuery,
        response: responses(approvalList),
      },
    },
    async (request) =>
      ok({ items: await listApprovals(app.db, { brandId: requireBrand(request).id, ...request.query }) }),
  );

  for (const decision of ['approve', 'reject'] as const) {
    app.post(
      `/admin/approvals/:id/${decision}`,
      {
        config: { policy: 'manageWallets' },
        schema: {
          tags,
          summary:
            decision === 'approve'
              ? 'Approve a pending action by another owner or finance member: applied once, audit-logged, the owners told'
              : 'Reject a pending action: nothing moves; audit-logged, the owners told',
          params: approvalParams,
          response: responses(approval),
        },
      },
      async (request) => {
        const actor = requireUser(request);
        const decided = await decideApproval(app.db, {
          brandId: requireBrand(request).id,
          actor,
          by: { name: `${nameOf(actor)} (agency)`, userId: actor.id },
          jobs: app.jobs,
          id: request.params.id,
          decision,
        });
        await app.jobs.send('email.deliver-outbox');
        return ok(decided);
      },
    );
  }
};
