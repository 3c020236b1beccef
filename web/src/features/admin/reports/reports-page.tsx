import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { type ReportGroup, type ReportRow, reportQuery } from '#shared/admin-money';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { secondaryButtonClass } from '../../../components/ui/form-styles';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { addDays, localDigits, todayInNepal } from '../../../lib/dates';
import { currentLanguage, nepaliCalendarNames, useTranslation } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { TableHead } from '../shared/admin-ui';
import { type ReportParams, reportCsvUrl, useSalesReport } from './api/get-sales-report';
import { type ChartBar, SalesChart } from './sales-chart';

const GROUPS: ReportGroup[] = ['day', 'route', 'airline', 'agent'];
const METRICS = [
  'netSales',
  'sales',
  'refunds',
  'cancellationFees',
  'paidBookings',
  'bookings',
  'commission',
  'markup',
  'changes',
  'changeRevenue',
] as const;
type Metric = (typeof METRICS)[number];
const MONEY_METRICS: Metric[] = [
  'netSales',
  'sales',
  'refunds',
  'cancellationFees',
  'commission',
  'markup',
  'changeRevenue',
];

/**
 * The report's choices: its dates and grouping as the API checks them (`reportQuery`), and what
 * the chart shows (a metric, a currency: '' for the report's first).
 */
const reportChoice = z.object({ metric: z.enum(METRICS), currency: z.string() }).and(reportQuery);

/** A Kathmandu date, `daysAgo` before today. */
function kathmanduDate(daysAgo = 0): string {
  return addDays(todayInNepal(), -daysAgo);
}

/**
 * Reports: net sales (sales less refunds), refunds, cancellation fees, bookings, commission and date
 * changes per day, route, airline or agent, as a chart (net sales first), a table and CSV; change revenue by how it was paid, and change payments owed back.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [params, setParams] = useState<ReportParams>(() => ({
    from: kathmanduDate(29),
    to: kathmanduDate(),
    groupBy: 'day',
  }));
  const { form, errorOf } = useZodForm(reportChoice, { ...params, metric: 'netSales', currency: '' });
  // Each choice applies at once: the form is submitted as it changes, and asks for a valid range only.
  const apply = form.handleSubmit(({ from, to, groupBy }) => setParams({ from, to, groupBy }));
  const field = (name: 'from' | 'to' | 'groupBy' | 'metric' | 'currency') =>
    form.register(name, { onChange: () => void apply() });
  const [metric, chosenCurrency] = useWatch({ control: form.control, name: ['metric', 'currency'] });
  const report = useSalesReport(params);
  const currencies = [...new Set(report.data?.rows.map((row) => row.currency) ?? ['NPR'])] as CurrencyCode[];
  const currency =
    chosenCurrency && currencies.includes(chosenCurrency as CurrencyCode)
      ? (chosenCurrency as CurrencyCode)
      : (currencies[0] ?? 'NPR');
  const rows = report.data?.rows.filter((row) => row.currency === currency) ?? [];
  const money = (amount: number) => formatMoney(amount, currency, language);
  const show = (m: Metric, row: Pick<ReportRow, Metric>) =>
    MONEY_METRICS.includes(m) ? money(row[m]) : String(row[m]);
  const labelOf = (row: ReportRow) => (params.groupBy === 'day' ? formatDay(row.key, language) : row.label);
  const metricName = t(`admin.reports.metrics.${metric}`);
  const bars: ChartBar[] = rows.map((row) => ({
    key: row.key,
    label: params.groupBy === 'day' ? formatDay(row.key, language, true) : row.label,
    value: row[metric],
    description: t('admin.reports.barLabel', {
      group: labelOf(row),
      metric: metricName,
      value: show(metric, row),
      count: row.paidBookings,
    }),
  }));

  return (
    <section aria-labelledby="reports-heading">
      <h1 id="reports-heading" className="text-2xl font-semibold">
        {t('admin.reports.title')}
      </h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{t('admin.reports.intro')}</p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => void apply(event)}
      >
        <TextField
          label={t('admin.reports.from')}
          type="date"
          max={params.to}
          error={errorOf('from')}
          {...field('from')}
        />
        <TextField
          label={t('admin.reports.to')}
          type="date"
          min={params.from}
          error={errorOf('to')}
          {...field('to')}
        />
        <SelectField
          label={t('admin.reports.groupBy')}
          options={GROUPS.map((g) => [g, t(`admin.reports.groups.${g}`)])}
          {...field('groupBy')}
        />
        <SelectField
          label={t('admin.reports.metric')}
          options={METRICS.map((m) => [m, t(`admin.reports.metrics.${m}`)])}
          {...field('metric')}
        />
        {currencies.length > 1 && (
          <SelectField
            label={t('admin.reports.currency')}
            value={currency}
            options={currencies.map((c) => [c, c])}
            {...field('currency')}
          />
        )}
        <a className={secondaryButtonClass} href={reportCsvUrl(params)} download>
          {t('admin.reports.downloadCsv')}
        </a>
      </form>
      {report.isError && <p role="alert">{t('messages.genericError')}</p>}
      {report.isPending && <p>{t('admin.loading')}</p>}
      {report.data && (
        <>
          {rows.length > 0 ? (
            <SalesChart
              title={t('admin.reports.chartTitle', {
                metric: metricName,
                group: t(`admin.reports.groups.${params.groupBy}`),
                from: formatDay(params.from, language),
                to: formatDay(params.to, language),
              })}
              bars={bars}
              formatValue={(value) =>
                MONEY_METRICS.includes(metric) ? compactMoney(value, currency, language) : String(value)
              }
            />
          ) : (
            <p className="mt-4">{t('admin.reports.none')}</p>
          )}
          {report.data.excessPayments
            .filter((excess) => excess.currency === currency)
            .map((excess) => (
              <p
                key={excess.currency}
                role="note"
                data-testid="report-excess"
                className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              >
                {t('admin.reports.excess', {
                  count: excess.payments,
                  amount: money(excess.amount),
                  refunded: money(excess.refunded),
                  pending: money(excess.pending),
                })}
              </p>
            ))}
          {report.data.totals
            .filter((total) => total.currency === currency && total.changes > 0)
            .map((total) => (
              <p key={total.currency} data-testid="report-changes" className="mt-4 text-sm">
                {t('admin.reports.changes', {
                  count: total.changes,
                  amount: money(total.changeRevenue),
                  fareDifference: money(total.changeFareDifference),
                  fees: money(total.changeFees),
                })}{' '}
                {report.data.changePayments
                  .filter((paid) => paid.currency === currency)
                  .map((paid) =>
                    t('admin.reports.changePaidWith', {
                      way: t(`admin.reports.changeWays.${paid.paidWith}`),
                      amount: money(paid.amount),
                      count: paid.changes,
                    }),
                  )
                  .join('; ')}
              </p>
            ))}
          {report.data.changePaymentsToRefund
            .filter((owed) => owed.currency === currency)
            .map((owed) => (
              <p
                key={`${owed.currency}-${owed.reason}`}
                role="note"
                data-testid="report-change-refunds"
                className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
              >
                {t(
                  owed.reason === 'late'
                    ? 'admin.reports.lateChangePayments'
                    : 'admin.reports.excessChangePayments',
                  {
                    count: owed.payments,
                    amount: money(owed.amount),
                    refunded: money(owed.refunded),
                    pending: money(owed.pending),
                  },
                )}
              </p>
            ))}
          <div className="mt-4 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin.reports.tableCaption')}</caption>
              <TableHead
                columns={[
                  t(`admin.reports.groups.${params.groupBy}`),
                  ...METRICS.map((m) => t(`admin.reports.metrics.${m}`)),
                ]}
              />
              <tbody>
                {rows.map((row) => (
                  <tr
                    key={`${row.key}-${row.currency}`}
                    className="border-b border-slate-200 dark:border-slate-700"
                  >
                    <th scope="row" className="py-2 pr-3 font-medium">
                      {labelOf(row)}
                    </th>
                    {METRICS.map((m) => (
                      <td key={m} className="py-2 pr-3">
                        {show(m, row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              {report.data.totals
                .filter((total) => total.currency === currency)
                .map((total) => (
                  <tfoot
                    key={total.currency}
                    className="border-t-2 border-slate-300 font-semibold dark:border-slate-600"
                  >
                    <tr>
                      <th scope="row" className="py-2 pr-3">
                        {t('admin.reports.total')}
                      </th>
                      {METRICS.map((m) => (
                        <td key={m} className="py-2 pr-3">
                          {show(m, total)}
                        </td>
                      ))}
                    </tr>
                  </tfoot>
                ))}
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function formatDay(date: string, language: string, short = false): string {
  const nepali = language === 'ne' ? nepaliCalendarNames() : null;
  if (nepali) {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const monthDay = `${nepali.months[month - 1]} ${day}`;
    return localDigits(short ? monthDay : `${year} ${monthDay}`, 'ne');
  }
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    ...(short ? {} : { year: 'numeric' }),
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Axis labels: major units, short (NPR 1.5K, NPR 2.5L in lakh for English and Nepali). */
function compactMoney(minor: number, currency: CurrencyCode, language: string): string {
  const number = new Intl.NumberFormat(language === 'ne' ? 'ne-NP' : 'en-IN', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(minor / 100);
  return `${currency} ${number}`;
}
