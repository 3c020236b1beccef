import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '#shared/admin';
import { topUpRequest, topUpResult, walletLedgerPage, walletLedgerQuery } from '#shared/admin-money';
import { type Approval, pendingApprovalResult } from '#shared/approvals';
import { successEnvelope } from '#shared/envelope';
import {
  agentCredit,
  agentStatement,
  agentsStatement,
  creditLimitRequest,
  settlementRequest,
  statementQuery,
} from '#shared/wallet-statements';
import { findBrandUser } from '../../../domain/admin/find-brand-user';
import { withFourEyes } from '../../../domain/approvals/four-eyes';
import { buildAgentsStatement, buildWalletStatement } from '../../../domain/wallet/build-wallet-statement';
import { findUserWalletCredit } from '../../../domain/wallet/find-wallet-credit';
import { listAllWalletEntries, listWalletEntries } from '../../../domain/wallet/list-wallet-entries';
import { recordSettlement } from '../../../domain/wallet/record-settlement';
import { setCreditLimit } from '../../../domain/wallet/set-credit-limit';
import { topUpWallet } from '../../../domain/wallet/top-up-wallet';
import { requireBrand, requireUser } from '../../../http/context';
import { sendCsv } from '../../../http/csv';
import { ok, responses } from '../../../http/envelope';
import { sendStatement } from '../../../http/statement-reply';
import { presentWalletEntry } from '../../../presenters/admin-money';
import { kathmanduDateTime, majorUnits, toCsv } from '../../../presenters/csv';

const tags = ['admin'];

/** The wallet's owner named by `:id`, in the request's brand (else 404). */
const ownerOf = (app: FastifyInstance, request: FastifyRequest, userId: string) =>
  findBrandUser(app.db, { brandId: requireBrand(request).id, userId });

/** 202: the action awaits a second person (docs/admin.md#four-eyes-approvals); the owners are e-mailed. */
async function awaitingApproval(app: FastifyInstance, reply: FastifyReply, approval: Approval) {
  await app.jobs.send('email.deliver-outbox');
  return reply.code(202).send(ok({ approval }));
}

/** Agents' wallets (docs/admin.md#wallets): top-ups with a reference, the ledger, its CSV export. */
export const adminWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/users/:id/wallet/top-ups',
    {
      config: { policy: 'manageWallets' },
      schema: {
        tags,
        summary:
          "Credit an agent's wallet (minor units) with an outside reference; the same reference never credits twice",
        params: idParams,
        body: topUpRequest,
        response: { ...responses(topUpResult), 202: successEnvelope(pendingApprovalResult) },
      },
    },
    async (request, reply) => {
      const brandId = requireBrand(request).id;
      const actor = requireUser(request);
      const outcome = await withFourEyes(app.db, {
        brandId,
        actor,
        action: 'wallet_top_up',
        amount: request.body.amount,
        payload: { userId: request.params.id, ...request.body },
        apply: (db) => topUpWallet(db, { brandId, actor, userId: request.params.id, ...request.body }),
      });
      if ('pending' in outcome) return awaitingApproval(app, reply, outcome.pending);
      const result = outcome.applied;
      return ok({ ...result, entry: presentWalletEntry(result.entry) });
    },
  );

  app.get(
    '/admin/users/:id/wallet/entries',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary: "A user's wallet ledger, newest first, each entry with the balance after it",
        params: idParams,
        querystring: walletLedgerQuery,
        response: responses(walletLedgerPage),
      },
    },
    async (request) => {
      const user = await ownerOf(app, request, request.params.id);
      const page = await listWalletEntries(app.db, { userId: user.id, ...request.query });
      return ok({
        ...page,
        items: page.items.map(presentWalletEntry),
        balance: user.walletBalance,
        currency: user.walletCurrency,
      });
    },
  );

  app.get(
    '/admin/users/:id/wallet/entries.csv',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary: "A user's whole wallet ledger as CSV, oldest first (amounts in rupees and in paisa)",
        params: idParams,
      },
    },
    async (request, reply) => {
      const user = await ownerOf(app, request, request.params.id);
      const entries = await listAllWalletEntries(app.db, user.id);
      const csv = toCsv(
        [
          'date (Asia/Kathmandu)',
          'kind',
          'reference',
          'pnr',
          'note',
          'currency',
          'amount',
          'balance',
          'amount_minor',
          'balance_minor',
        ],
        entries.map((e) => [
          kathmanduDateTime(e.createdAt),
          e.kind,
          e.reference,
          e.pnr,
          e.note,
          e.currency,
          majorUnits(e.amount),
          majorUnits(e.balance),
          e.amount,
          e.balance,
        ]),
      );
      return sendCsv(reply, `wallet-${user.firstName}-${user.lastName}.csv`, csv);
    },
  );

  app.get(
    '/admin/users/:id/wallet/credit',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary: "An agent's wallet balance, credit limit and credit in use (minor units)",
        params: idParams,
        response: responses(agentCredit),
      },
    },
    async (request) => {
      const user = await ownerOf(app, request, request.params.id);
      return ok(await findUserWalletCredit(app.db, { brandId: requireBrand(request).id, userId: user.id }));
    },
  );

  app.put(
    '/admin/users/:id/wallet/credit-limit',
    {
      config: { policy: 'manageWallets' },
      schema: {
        tags,
        summary:
          'Give an agent a credit limit (minor units, 0: none): the wallet may go down to minus it; audit-logged',
        params: idParams,
        body: creditLimitRequest,
        response: { ...responses(agentCredit), 202: successEnvelope(pendingApprovalResult) },
      },
    },
    async (request, reply) => {
      const brandId = requireBrand(request).id;
      const actor = requireUser(request);
      const outcome = await withFourEyes(app.db, {
        brandId,
        actor,
        action: 'credit_limit',
        amount: request.body.creditLimit,
        payload: { userId: request.params.id, ...request.body },
        apply: (db) => setCreditLimit(db, { brandId, actor, userId: request.params.id, ...request.body }),
      });
      if ('pending' in outcome) return awaitingApproval(app, reply, outcome.pending);
      return ok(outcome.applied);
    },
  );

  app.post(
    '/admin/users/:id/wallet/settlements',
    {
      config: { policy: 'manageWallets' },
      schema: {
        tags,
        summary:
          "Record an agent's payment against their balance (a settlement entry in the ledger); the same reference never counts twice",
        params: idParams,
        body: settlementRequest,
        response: responses(topUpResult),
      },
    },
    async (request) => {
      const result = await recordSettlement(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        userId: request.params.id,
        ...request.body,
      });
      return ok({ ...result, entry: presentWalletEntry(result.entry) });
    },
  );

  app.get(
    '/admin/users/:id/wallet/statement',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary:
          "An agent's wallet statement for Nepal calendar days from–to: opening balance, entries with PNR and running balance, closing balance; JSON, CSV or XLSX",
        params: idParams,
        querystring: statementQuery,
        response: responses(agentStatement),
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const statement = await buildWalletStatement(app.db, {
        brandId: requireBrand(request).id,
        userId: request.params.id,
        from,
        to,
      });
      return sendStatement(reply, {
        format,
        json: statement,
        statements: [statement],
        fileName: `wallet-statement-${statement.agent.name}-${from}-${to}`,
      });
    },
  );

  app.get(
    '/admin/wallets/statement',
    {
      config: { policy: 'readWallets' },
      schema: {
        tags,
        summary:
          "Every agent's wallet statement for Nepal calendar days from–to (agents with entries or credit); JSON, CSV or XLSX",
        querystring: statementQuery,
        response: responses(agentsStatement),
      },
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      const all = await buildAgentsStatement(app.db, { brandId: requireBrand(request).id, from, to });
      return sendStatement(reply, {
        format,
        json: all,
        statements: all.agents,
        fileName: `wallet-statements-${from}-${to}`,
      });
    },
  );
};
