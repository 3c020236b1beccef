import { useState } from 'react';
import { z } from 'zod';
import { adToBs, BS_MONTH_NAMES } from '#shared/bikram-sambat';
import { salesRegisterQuery } from '#shared/finance';
import { formatMoney } from '#shared/money';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { localDigits, todayInNepal } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { TableHead } from '../shared/admin-ui';
import { type SalesRegisterParams, salesRegisterFileUrl, useSalesRegister } from './api/get-sales-register';

/** The page's choices as the API's query: a BS year and month → `2083-08`, and the currency. */
const { month: bsMonth, currency: registerCurrency } = salesRegisterQuery.shape;
const registerChoice = z
  .object({ year: z.string(), month: z.string(), currency: registerCurrency.unwrap() })
  .transform(({ year, month, currency }) => ({ month: `${year}-${month.padStart(2, '0')}`, currency }))
  .pipe(z.object({ month: bsMonth, currency: registerCurrency.unwrap() }));

/**
 * The VAT sales register (docs/finance.md#the-vat-sales-register): a BS month's invoices and credit
 * notes, shown and downloadable.
 */
export function SalesRegisterPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const today = adToBs(todayInNepal()) ?? { year: 2083, month: 1, day: 1 };
  const chosenAtFirst = { year: String(today.year), month: String(today.month), currency: 'NPR' as const };
  const { form } = useZodForm(registerChoice, chosenAtFirst);
  const [params, setParams] = useState<SalesRegisterParams>(() => registerChoice.parse(chosenAtFirst));
  // Each choice applies at once: the form is submitted as it changes.
  const apply = form.handleSubmit(setParams);
  const field = (name: 'year' | 'month' | 'currency') =>
    form.register(name, { onChange: () => void apply() });
  const register = useSalesRegister(params);
  const money = (minor: number) => formatMoney(minor, params.currency, language);
  const years = [today.year, today.year - 1, today.year - 2];

  return (
    <section aria-labelledby="sales-register-heading">
      <h1 id="sales-register-heading" className="text-2xl font-semibold">
        {t('admin.finance.register.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.finance.register.intro')}</p>
      <form className="mt-4 flex flex-wrap items-end gap-3" onSubmit={(event) => void apply(event)}>
        <SelectField
          label={t('admin.finance.register.year')}
          options={years.map((y) => [String(y), localDigits(String(y), language)])}
          {...field('year')}
        />
        <SelectField
          label={t('admin.finance.register.month')}
          options={BS_MONTH_NAMES[language].map((name, index) => [String(index + 1), name])}
          {...field('month')}
        />
        <SelectField
          label={t('admin.finance.register.currency')}
          options={[
            ['NPR', 'NPR'],
            ['USD', 'USD'],
          ]}
          {...field('currency')}
        />
        <a className={secondaryButtonClass} href={salesRegisterFileUrl(params, 'csv')} download>
          {t('admin.finance.register.downloadCsv')}
        </a>
        <a className={secondaryButtonClass} href={salesRegisterFileUrl(params, 'xlsx')} download>
          {t('admin.finance.register.downloadXlsx')}
        </a>
      </form>
      {register.isError && <p role="alert">{t('messages.genericError')}</p>}
      {register.isPending && <p>{t('admin.loading')}</p>}
      {register.data &&
        (register.data.rows.length === 0 ? (
          <p className="mt-4">{t('admin.finance.register.none')}</p>
        ) : (
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.finance.register.caption')}</caption>
              <TableHead
                columns={(
                  [
                    'dateBs',
                    'number',
                    'buyer',
                    'pan',
                    'total',
                    'nonTaxable',
                    'export',
                    'taxable',
                    'vat',
                  ] as const
                ).map((column) => t(`admin.finance.register.columns.${column}`))}
              />
              <tbody>
                {register.data.rows.map((row) => (
                  <tr key={row.number} className="border-t border-slate-200 dark:border-slate-700">
                    <td className="py-1 pr-3">{localDigits(row.date_bs, language)}</td>
                    <td className="py-1 pr-3">{row.number}</td>
                    <td className="py-1 pr-3">{row.buyer_name}</td>
                    <td className="py-1 pr-3">{row.buyer_pan}</td>
                    <td className="py-1 pr-3">{money(row.total_sales)}</td>
                    <td className="py-1 pr-3">{money(row.non_taxable_sales)}</td>
                    <td className="py-1 pr-3">{money(row.export_sales)}</td>
                    <td className="py-1 pr-3">{money(row.taxable_amount)}</td>
                    <td className="py-1 pr-3">{money(row.vat)}</td>
                  </tr>
                ))}
                <tr className="border-t-2 border-slate-300 font-semibold dark:border-slate-600">
                  <td className="py-1 pr-3" colSpan={4}>
                    {t('admin.finance.register.total')}
                  </td>
                  <td className="py-1 pr-3">{money(register.data.totals.total_sales)}</td>
                  <td className="py-1 pr-3">{money(register.data.totals.non_taxable_sales)}</td>
                  <td className="py-1 pr-3">{money(register.data.totals.export_sales)}</td>
                  <td className="py-1 pr-3">{money(register.data.totals.taxable_amount)}</td>
                  <td className="py-1 pr-3">{money(register.data.totals.vat)}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ))}
    </section>
  );
}
