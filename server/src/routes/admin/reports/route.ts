import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportQuery, salesReport } from '#shared/admin-money';
import { buildSalesReport } from '../../../domain/reports/build-sales-report';
import { requireBrand } from '../../../http/context';
import { sendCsv } from '../../../http/csv';
import { ok, responses } from '../../../http/envelope';
import { majorUnits, toCsv } from '../../../presenters/csv';

const tags = ['admin'];

/** Sales reports (docs/admin.md#reports) over Kathmandu dates, as JSON for the console's chart and as CSV. */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports',
    {
      config: { policy: 'readReports' },
      schema: {
        tags,
        summary:
          'Sales, bookings, commission, markup, date changes, refunds, cancellation fees and net sales per day, route, airline or agent (Asia/Kathmandu dates)',
        querystring: reportQuery,
        response: responses(salesReport),
      },
    },
    async (request) =>
      ok(await buildSalesReport(app.db, { brandId: requireBrand(request).id, ...request.query })),
  );

  app.get(
    '/admin/reports.csv',
    {
      config: { policy: 'readReports' },
      schema: {
        tags,
        summary:
          'The same report as CSV (amounts in major units and in minor units; date changes, then refunds, cancellation fees and net sales in the last columns)',
        querystring: reportQuery,
      },
    },
    async (request, reply) => {
      const { from, to, groupBy } = request.query;
      const report = await buildSalesReport(app.db, { brandId: requireBrand(request).id, from, to, groupBy });
      const csv = toCsv(
        [
          groupBy,
          'currency',
          'bookings',
          'paid_bookings',
          'sales',
          'commission',
          'markup',
          'sales_minor',
          'commission_minor',
          'markup_minor',
          'changes',
          'change_fare_difference',
          'change_fees',
          'change_revenue',
          'change_fare_difference_minor',
          'change_fees_minor',
          'change_revenue_minor',
          'refunds',
          'cancellation_fees',
          'net_sales',
          'refunds_minor',
          'cancellation_fees_minor',
          'net_sales_minor',
        ],
        report.rows.map((row) => [
          row.label,
          row.currency,
          row.bookings,
          row.paidBookings,
          majorUnits(row.sales),
          majorUnits(row.commission),
          majorUnits(row.markup),
          row.sales,
          row.commission,
          row.markup,
          row.changes,
          majorUnits(row.changeFareDifference),
          majorUnits(row.changeFees),
          majorUnits(row.changeRevenue),
          row.changeFareDifference,
          row.changeFees,
          row.changeRevenue,
          majorUnits(row.refunds),
          majorUnits(row.cancellationFees),
          majorUnits(row.netSales),
          row.refunds,
          row.cancellationFees,
          row.netSales,
        ]),
      );
      return sendCsv(reply, `sales-by-${groupBy}-${from}-${to}.csv`, csv);
    },
  );
};
