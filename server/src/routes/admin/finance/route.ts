import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  brandTaxProfile,
  brandTaxProfileInput,
  financeSettings,
  financeSettingsInput,
  salesRegister,
  salesRegisterQuery,
} from '#shared/finance';
import {
  findBrandFinanceSettings,
  updateBrandFinanceSettings,
} from '../../../domain/finance/brand-finance-settings';
import { findBrandTaxProfile, updateBrandTaxProfile } from '../../../domain/finance/brand-tax-profile';
import {
  buildSalesRegister,
  SALES_REGISTER_COLUMNS,
  salesRegisterCells,
  salesRegisterXlsx,
} from '../../../domain/finance/build-sales-register';
import { requireBrand, requireUser } from '../../../http/context';
import { sendCsv } from '../../../http/csv';
import { ok, responses } from '../../../http/envelope';
import { sendFile } from '../../../http/file-reply';
import { toCsv } from '../../../presenters/csv';

const tags = ['admin'];

const presentProfile = (row: Awaited<ReturnType<typeof findBrandTaxProfile>>) =>
  row
    ? {
        legalName: row.legalName,
        address: row.address,
        pan: row.pan,
        vatNumber: row.vatNumber,
        updatedAt: row.updatedAt.toISOString(),
      }
    : null;

const presentFinanceSettings = (row: { voidFeeNpr: number; voidFeeUsd: number; updatedAt: Date | null }) => ({
  void_fee_npr: row.voidFeeNpr,
  void_fee_usd: row.voidFeeUsd,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/** The brand's seller tax details and its VAT sales register (docs/finance.md). */
export const adminFinanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/tax-profile',
    {
      config: { policy: 'readBrand' },
      schema: {
        tags,
        summary:
          "The seller's name, address, PAN and VAT registration the brand's tax invoices print (null: none)",
        response: responses(brandTaxProfile),
      },
    },
    async (request) => ok(presentProfile(await findBrandTaxProfile(app.db, requireBrand(request).id))),
  );

  app.put(
    '/admin/tax-profile',
    {
      config: { policy: 'manageBrand' },
      schema: {
        tags,
        summary: "Save the seller's tax details; later documents print them, issued ones keep theirs",
        description: 'Audited (`brand.tax-profile.update`, changed fields old → new).',
        body: brandTaxProfileInput,
        response: responses(brandTaxProfile),
      },
    },
    async (request) => {
      const saved = await updateBrandTaxProfile(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        profile: request.body,
      });
      return ok(presentProfile(saved));
    },
  );

  app.get(
    '/admin/finance-settings',
    {
      config: { policy: 'manageBrand' },
      schema: {
        tags,
        summary: "The brand's after-sales charges: the void fee per currency (minor units; 0 unless set)",
        response: responses(financeSettings),
      },
    },
    async (request) =>
      ok(presentFinanceSettings(await findBrandFinanceSettings(app.db, requireBrand(request).id))),
  );

  app.put(
    '/admin/finance-settings',
    {
      config: { policy: 'manageBrand' },
      schema: {
        tags,
        summary: 'Save the void fees; later voids charge them',
        description: 'Audited (`brand.finance-settings.update`, changed fields old → new).',
        body: financeSettingsInput,
        response: responses(financeSettings),
      },
    },
    async (request) => {
      const saved = await updateBrandFinanceSettings(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        settings: request.body,
      });
      return ok(presentFinanceSettings(saved));
    },
  );

  app.get(
    '/admin/reports/sales-register',
    {
      config: { policy: 'readReports' },
      schema: {
        tags,
        summary: 'The VAT sales register (sales book) of a BS month, as CSV (default), XLSX or JSON',
        description:
          'Columns: date (BS), date (AD), invoice no., buyer name, buyer PAN, total sales, non-taxable ' +
          'sales, export sales, taxable amount, VAT, note; credit notes are negative rows (sales returns); a ' +
          'voided ticket’s invoice and its voiding note are listed at zero with a note.',
        querystring: salesRegisterQuery,
        response: responses(salesRegister),
      },
    },
    async (request, reply) => {
      const brand = requireBrand(request);
      const { month, format, currency } = request.query;
      const register = await buildSalesRegister(app.db, { brandId: brand.id, month, currency });
      if (format === 'json') return ok(register);
      const fileName = `sales-register-${month}-${currency}`;
      if (format === 'xlsx') {
        const workbook = await salesRegisterXlsx(register, brand.config.companyName);
        return sendFile(reply as FastifyReply, {
          content: workbook,
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          fileName: `${fileName}.xlsx`,
        });
      }
      const csv = toCsv(
        [...SALES_REGISTER_COLUMNS],
        [
          ...register.rows.map((row) =>
            salesRegisterCells(row).map((cell) => (typeof cell === 'number' ? cell.toFixed(2) : cell)),
          ),
          [
            'Total',
            '',
            '',
            '',
            '',
            ...[
              register.totals.total_sales,
              register.totals.non_taxable_sales,
              register.totals.export_sales,
              register.totals.taxable_amount,
              register.totals.vat,
            ].map((minor) => (minor / 100).toFixed(2)),
            '',
          ],
        ],
      );
      return sendCsv(reply as FastifyReply, `${fileName}.csv`, csv);
    },
  );
};
