import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exchangeRatesInput, exchangeRateTable } from '#shared/exchange-rates';
import { DEFAULT_EXCHANGE_RATES_DATE } from '../../../domain/exchange-rates/default-exchange-rates';
import { listExchangeRates, setExchangeRates } from '../../../domain/exchange-rates/manage-exchange-rates';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { presentExchangeRate } from '../../../presenters/admin-money';

const tags = ['admin'];

/**
 * The brand's exchange rates (docs/suppliers.md#currency): Nepal Rastra Bank's rates an admin enters, over
 * dated defaults; they convert outside suppliers' prices (docs/suppliers.md, "Currency").
 */
export const adminExchangeRateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/exchange-rates',
    {
      config: { policy: 'readPricing' },
      schema: {
        tags,
        summary: "The brand's exchange rates: admins' entries, and the dated defaults they have not replaced",
        response: responses(exchangeRateTable),
      },
    },
    async (request) =>
      ok({
        rates: (await listExchangeRates(app.db, requireBrand(request).id)).map(presentExchangeRate),
        defaults_date: DEFAULT_EXCHANGE_RATES_DATE,
      }),
  );

  app.put(
    '/admin/exchange-rates',
    {
      config: { policy: 'manageExchangeRates' },
      schema: {
        tags,
        summary: "Enter Nepal Rastra Bank's rates of a date (each currency given replaces its rate; audited)",
        body: exchangeRatesInput,
        response: responses(exchangeRateTable),
      },
    },
    async (request) => {
      const rates = await setExchangeRates(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        input: request.body,
      });
      return ok({ rates: rates.map(presentExchangeRate), defaults_date: DEFAULT_EXCHANGE_RATES_DATE });
    },
  );
};
