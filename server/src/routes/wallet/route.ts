import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { walletLedgerPage, walletLedgerQuery } from '#shared/admin-money';
import {
  depositRequest,
  depositRequestInput,
  depositRequestPage,
  depositRequestParams,
  depositRequestQuery,
} from '#shared/deposit-requests';
import { agentCredit, agentStatement, statementQuery } from '#shared/wallet-statements';
import { buildWalletStatement } from '../../domain/wallet/build-wallet-statement';
import { findUserWalletCredit } from '../../domain/wallet/find-wallet-credit';
import { findDepositSlip, listDepositRequests } from '../../domain/wallet/list-deposit-requests';
import { listWalletEntries } from '../../domain/wallet/list-wallet-entries';
import { requestDeposit } from '../../domain/wallet/request-deposit';
import { requireUser } from '../../http/context';
import { createdResponses, ok, responses } from '../../http/envelope';
import { sendDepositSlip } from '../../http/file-reply';
import { sendStatement } from '../../http/statement-reply';
import { presentWalletEntry } from '../../presenters/admin-money';
import { presentDepositRequest } from '../../presenters/deposit-request';

const tags = ['wallet'];

/**
 * The signed-in agent's own wallet (docs/finance-statements.md): balance and credit, the ledger,
 * statements, and deposit requests (docs/finance-statements.md#deposit-requests).
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  // A slip comes base64-encoded in the JSON body: a third larger than the file.
  const depositBodyLimit = Math.ceil((app.env.UPLOAD_MAX_BYTES * 4) / 3) + 4096;

  app.get(
    '/wallet/entries',
    {
      config: { policy: 'useWallet' },
      schema: {
        tags,
        summary: 'Your wallet ledger, newest first, each entry with its PNR and the balance after it (paged)',
        querystring: walletLedgerQuery,
        response: responses(walletLedgerPage),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const credit = await findUserWalletCredit(app.db, { brandId: user.brandId, userId: user.id });
      const page = await listWalletEntries(app.db, { userId: user.id, ...request.query });
      return ok({
        ...page,
        items: page.items.map(presentWalletEntry),
        balance: credit.balance,
        currency: credit.currency,
      });
    },
  );

  app.post(
    '/wallet/deposit-requests',
    {
      config: { policy: 'useWallet' },
      bodyLimit: depositBodyLimit,
      schema: {
        tags,
        summary:
          'Ask for a bank deposit to be credited to your wallet: amount (paisa), the bank reference, the day paid in, and the slip (optional, base64 PNG, JPEG, WebP or PDF)',
        body: depositRequestInput,
        response: createdResponses(depositRequest),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await requestDeposit(app.db, {
        brandId: user.brandId,
        userId: user.id,
        input: request.body,
        maxSlipBytes: app.env.UPLOAD_MAX_BYTES,
      });
      return reply.code(201).send(ok(presentDepositRequest(created)));
    },
  );

  app.get(
    '/wallet/deposit-requests',
    {
      config: { policy: 'useWallet' },
      schema: {
        tags,
        summary: 'Your deposit requests, newest first, with their status (paged)',
        querystring: depositRequestQuery,
        response: responses(depositRequestPage),
      },
    },
    async (request) => {
      const user = requireUser(request);
      const page = await listDepositRequests(app.db, {
        brandId: user.brandId,
        userId: user.id,
        ...request.query,
      });
      return ok({ ...page, items: page.items.map(presentDepositRequest) });
    },
  );

  app.get(
    '/wallet/deposit-requests/:id/slip',
    {
      config: { policy: 'useWallet' },
      schema: { tags, summary: 'The slip of one of your deposit requests', params: depositRequestParams },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const slip = await findDepositSlip(app.db, {
        brandId: user.brandId,
        userId: user.id,
        id: request.params.id,
      });
      return sendDepositSlip(reply, request.params.id, slip);
    },
  );

  app.get(
    '/wallet',
    {
      config: { policy: 'useWallet' },
      schema: {
        tags,
        summary:
          'Your wallet: balance, credit limit, credit in use and what you may still spend (minor units)',
        response: responses(agentCredit),
      },
    },
    async (request) => {
      const user = requireUser(request);
      return ok(await findUserWalletCredit(app.db, { brandId: user.brandId, userId: user.id }));
    },
  );

  app.get(
    '/wallet/statement',
    {
      config: { policy: 'useWallet' },
      schema: {
        tags,
        summary:
          'Your wallet statement for Nepal calendar days from–to (both included): opening balance, each entry with its PNR and running balance, closing balance; as JSON, CSV or XLSX',
        querystring: statementQuery,
        response: responses(agentStatement),
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { from, to, format } = request.query;
      const statement = await buildWalletStatement(app.db, {
        brandId: user.brandId,
        userId: user.id,
        from,
        to,
      });
      return sendStatement(reply, {
        format,
        json: statement,
        statements: [statement],
        fileName: `wallet-statement-${from}-${to}`,
      });
    },
  );
};
