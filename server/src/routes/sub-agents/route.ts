import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createSubAgentRequest,
  fundSubAgentRequest,
  setSubAgentGrantRequest,
  setSubAgentMarkupRequest,
  subAgent,
  subAgentIdParams,
  subAgentList,
  subAgentTransfer,
} from '#shared/sub-agents';
import { createSubAgent } from '../../domain/sub-agents/create-sub-agent';
import { fundSubAgent } from '../../domain/sub-agents/fund-sub-agent';
import { listSubAgents } from '../../domain/sub-agents/list-sub-agents';
import { setSubAgentGrant } from '../../domain/sub-agents/set-sub-agent-grant';
import { setSubAgentMarkup } from '../../domain/sub-agents/set-sub-agent-markup';
import { requireBrand, requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { idempotencyKeyHeaders, idempotencyKeyOf } from '../../http/idempotency-key';
import { brandSiteOf, setPasswordPath } from '../../http/public-link';
import { presentSubAgent, presentSubAgentTransfer } from '../../presenters/sub-agent';

const tags = ['sub-agents'];

/** A master agent's sub-agents (docs/accounts.md#sub-agents). */
export const subAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/agent/sub-agents',
    {
      config: { policy: 'manageSubAgents' },
      schema: {
        tags,
        summary: 'Your sub-agents with their wallet balances and grants, and your own balance and commission',
        response: responses(subAgentList),
      },
    },
    async (request) => {
      const master = requireUser(request);
      const { items, masterGrantedCommissionPercent } = await listSubAgents(app.db, master.id);
      return ok({
        items: items.map(presentSubAgent),
        master_granted_commission_percent: masterGrantedCommissionPercent,
        master_wallet_balance: master.walletBalance,
        master_credit_limit: master.walletCreditLimit,
        wallet_currency: master.walletCurrency,
      });
    },
  );

  app.post(
    '/agent/sub-agents',
    {
      config: { policy: 'manageSubAgents' },
      schema: {
        tags,
        summary:
          'Creates a sub-agent and e-mails them an invitation to choose a password (409 EMAIL_TAKEN / MOBILE_TAKEN)',
        body: createSubAgentRequest,
        response: responses(subAgent),
      },
    },
    async (request) => {
      const brand = requireBrand(request);
      const site = await brandSiteOf(app, request, brand.id);
      const created = await createSubAgent(app.db, {
        master: requireUser(request),
        brand: { id: brand.id, displayName: brand.config.displayName },
        firstName: request.body.first_name,
        lastName: request.body.last_name,
        email: request.body.email,
        mobile: request.body.mobile,
        grantedCommissionPercent: request.body.granted_commission_percent,
        inviteTtlMs: app.env.INVITE_TTL_HOURS * 3_600_000,
        link: (token) => `${site}${setPasswordPath(token)}`,
        linksKey: app.emailLinksKey,
      });
      await app.jobs.send('email.deliver-outbox');
      return ok(presentSubAgent({ ...created, active: false }));
    },
  );

  app.put(
    '/agent/sub-agents/:id/grant',
    {
      config: { policy: 'manageSubAgents' },
      schema: {
        tags,
        summary:
          "Sets the part of your commission a sub-agent gets, percent of the base fare (at most your own; another's sub-agent: 404)",
        params: subAgentIdParams,
        body: setSubAgentGrantRequest,
        response: responses(subAgent),
      },
    },
    async (request) => {
      const updated = await setSubAgentGrant(app.db, {
        master: requireUser(request),
        subAgentId: request.params.id,
        percent: request.body.granted_commission_percent,
      });
      const { items } = await listSubAgents(app.db, updated.masterAgentId ?? '');
      const row = items.find((item) => item.id === updated.id);
      return ok(presentSubAgent(row ?? { ...updated, active: false }));
    },
  );

  app.put(
    '/agent/sub-agents/:id/markup',
    {
      config: { policy: 'manageSubAgents' },
      schema: {
        tags,
        summary:
          "Sets your own markup on a sub-agent's price, percent of the agency's price (0–20; another's sub-agent: 404)",
        description:
          'The sub-agent pays it on top of what they owe (`price.master_markup`, in `commission.net_total`); ' +
          'you earn it when their booking is ticketed.',
        params: subAgentIdParams,
        body: setSubAgentMarkupRequest,
        response: responses(subAgent),
      },
    },
    async (request) => {
      const updated = await setSubAgentMarkup(app.db, {
        master: requireUser(request),
        subAgentId: request.params.id,
        percent: request.body.master_markup_percent,
      });
      const { items } = await listSubAgents(app.db, updated.masterAgentId ?? '');
      const row = items.find((item) => item.id === updated.id);
      return ok(presentSubAgent(row ?? { ...updated, active: false }));
    },
  );

  app.post(
    '/agent/sub-agents/:id/transfers',
    {
      config: { policy: 'manageSubAgents' },
      schema: {
        tags,
        summary:
          "Moves money from your wallet to a sub-agent's (within your balance and credit limit: 402 INSUFFICIENT_FUNDS / CREDIT_LIMIT_EXCEEDED)",
        description:
          'Needs an `Idempotency-Key` header: the same key and amount answers the first transfer (`replayed`), ' +
          'another amount 422 IDEMPOTENCY_KEY_REUSED.',
        headers: idempotencyKeyHeaders('transfer'),
        params: subAgentIdParams,
        body: fundSubAgentRequest,
        response: responses(subAgentTransfer),
      },
    },
    async (request) => {
      const key = idempotencyKeyOf(request);
      const result = await fundSubAgent(app.db, {
        master: requireUser(request),
        subAgentId: request.params.id,
        amount: request.body.amount,
        idempotencyKey: key,
        note: request.body.note,
      });
      return ok(presentSubAgentTransfer(result));
    },
  );
};
