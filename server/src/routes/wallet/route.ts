import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { agentCredit, agentStatement, statementQuery } from '#shared/wallet-statements';
import { buildWalletStatement } from '../../domain/wallet/build-wallet-statement';
import { findUserWalletCredit } from '../../domain/wallet/find-wallet-credit';
import { requireUser } from '../../http/context';
import { ok, responses } from '../../http/envelope';
import { sendStatement } from '../../http/statement-reply';

const tags = ['wallet'];

/** The signed-in agent's own wallet (docs/finance-statements.md): balance and credit, statements. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
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
