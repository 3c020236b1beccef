import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboard } from '#shared/admin-dashboard';
import { buildDashboard } from '../../../domain/reports/build-dashboard';
import { requireBrand } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';

/** The console's landing page (docs/admin.md#dashboard). */
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/dashboard',
    {
      config: { policy: 'readBookings' },
      schema: {
        tags: ['admin'],
        summary:
          "Today's sales, tickets and refunds (Nepal day), holds about to lapse, refunds owed by hand, " +
          'low wallets and disrupted flights still to rebook',
        response: responses(adminDashboard),
      },
    },
    async (request) =>
      ok(
        await buildDashboard(app.db, {
          brandId: requireBrand(request).id,
          lowBalanceMark: app.env.WALLET_LOW_BALANCE_MINOR,
        }),
      ),
  );
};
