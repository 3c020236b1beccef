import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminDashboard } from '#shared/admin-dashboard';
import { type CurrencyCode, formatMoney } from '#shared/money';
import { staffRoleMay } from '#shared/staff-roles';
import { formatAdDate } from '../../../lib/dates';
import { currentLanguage, useTranslation } from '../../../lib/i18n';
import { meQueryOptions } from '../../../lib/session/get-me';
import { formatWhen } from '../shared/admin-ui';
import { useDashboard } from './api/get-dashboard';

const card = 'rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

function Card(props: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className={card} aria-label={props.title} data-testid={props.testId}>
      <h2 className="text-base font-semibold">{props.title}</h2>
      <div className="mt-2 grid gap-1 text-sm">{props.children}</div>
    </section>
  );
}

/** The console's landing page (docs/admin.md#dashboard): the counter today and what waits for someone. */
export function DashboardPage() {
  const { t } = useTranslation();
  const dashboard = useDashboard();
  return (
    <section aria-labelledby="dashboard-heading">
      <h1 id="dashboard-heading" className="text-2xl font-semibold">
        {t('admin.cockpit.dashboard.title')}
      </h1>
      {dashboard.isError && <p role="alert">{t('messages.genericError')}</p>}
      {dashboard.isPending && <p role="status">{t('admin.loading')}</p>}
      {dashboard.data && <DashboardCards data={dashboard.data} />}
    </section>
  );
}

function DashboardCards({ data }: { data: AdminDashboard }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const me = useQuery(meQueryOptions());
  const money = (amount: number, currency: string) => formatMoney(amount, currency as CurrencyCode, language);
  const more = (count: number, shown: number) =>
    count > shown && (
      <p className="text-slate-500">{t('admin.cockpit.dashboard.more', { count: count - shown })}</p>
    );
  const { today, lapsingHolds, handRefunds, lowWallets, disruptedFlights } = data;
  return (
    <>
      <h2 className="mt-4 text-lg font-semibold">
        {t('admin.cockpit.dashboard.today', { date: formatAdDate(data.date, language) })}
      </h2>
      <div className="mt-2 grid gap-4 sm:grid-cols-3">
        <Card title={t('admin.cockpit.dashboard.sales')} testId="dashboard-sales">
          {today.sales.length === 0 && <p>{t('admin.cockpit.dashboard.noSales')}</p>}
          {today.sales.map((row) => (
            <p key={row.currency} className="text-lg font-semibold">
              {t('admin.cockpit.dashboard.salesLine', {
                amount: money(row.amount, row.currency),
                count: row.bookings,
              })}
            </p>
          ))}
        </Card>
        <Card title={t('admin.cockpit.dashboard.tickets')} testId="dashboard-tickets">
          <p className="text-lg font-semibold">{today.tickets}</p>
        </Card>
        <Card title={t('admin.cockpit.dashboard.refunds')} testId="dashboard-refunds">
          {today.refunds.length === 0 && <p>{t('admin.cockpit.dashboard.noRefunds')}</p>}
          {today.refunds.map((row) => (
            <p key={row.currency} className="text-lg font-semibold">
              {t('admin.cockpit.dashboard.refundsLine', {
                amount: money(row.amount, row.currency),
                count: row.refunds,
              })}
            </p>
          ))}
        </Card>
      </div>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Card title={t('admin.cockpit.dashboard.lapsing')} testId="dashboard-lapsing">
          {lapsingHolds.count === 0 ? (
            <p>{t('admin.cockpit.dashboard.noLapsing')}</p>
          ) : (
            <p>{t('admin.cockpit.dashboard.lapsingCount', { count: lapsingHolds.count })}</p>
          )}
          <ul className="grid gap-1">
            {lapsingHolds.items.map((hold) => (
              <li key={hold.pnr}>
                <Link className="font-mono underline" to={`/admin/bookings/${hold.pnr}`}>
                  {hold.pnr}
                </Link>{' '}
                {hold.contactName} · {money(hold.total, hold.currency)} ·{' '}
                {t('admin.cockpit.dashboard.lapsesAt', { when: formatWhen(hold.expiresAt, language) })}
              </li>
            ))}
          </ul>
          {more(lapsingHolds.count, lapsingHolds.items.length)}
        </Card>
        <Card title={t('admin.cockpit.dashboard.handRefunds')} testId="dashboard-hand-refunds">
          {handRefunds.count === 0 || !handRefunds.oldestAt ? (
            <p>{t('admin.cockpit.dashboard.noHandRefunds')}</p>
          ) : (
            <>
              <p>
                {t('admin.cockpit.dashboard.handRefundsCount', {
                  count: handRefunds.count,
                  since: formatWhen(handRefunds.oldestAt, language),
                })}
              </p>
              {handRefunds.totals.map((row) => (
                <p key={row.currency} className="text-lg font-semibold">
                  {money(row.amount, row.currency)}
                </p>
              ))}
              {staffRoleMay(me.data?.staff_role, 'refundBookings') && (
                <Link className="underline" to="/admin/refunds">
                  {t('admin.cockpit.dashboard.openRefunds')}
                </Link>
              )}
            </>
          )}
        </Card>
        <Card
          title={t('admin.cockpit.dashboard.lowWallets', { mark: money(lowWallets.lowMark, 'NPR') })}
          testId="dashboard-low-wallets"
        >
          {lowWallets.count === 0 ? (
            <p>{t('admin.cockpit.dashboard.noLowWallets')}</p>
          ) : (
            <p>{t('admin.cockpit.dashboard.lowWalletsCount', { count: lowWallets.count })}</p>
          )}
          <ul className="grid gap-1">
            {lowWallets.items.map((wallet) => (
              <li key={wallet.userId}>
                {wallet.name} · <strong>{money(wallet.balance, wallet.currency)}</strong>
                {wallet.email && <span className="text-slate-500"> · {wallet.email}</span>}
              </li>
            ))}
          </ul>
          {more(lowWallets.count, lowWallets.items.length)}
        </Card>
        <Card title={t('admin.cockpit.dashboard.disrupted')} testId="dashboard-disrupted">
          {disruptedFlights.bookings === 0 ? (
            <p>{t('admin.cockpit.dashboard.noDisrupted')}</p>
          ) : (
            <p>{t('admin.cockpit.dashboard.disruptedCount', { count: disruptedFlights.bookings })}</p>
          )}
          <ul className="grid gap-1">
            {disruptedFlights.items.map((flight) => (
              <li key={flight.flightId}>
                <Link className="underline" to={`/admin/bookings/${flight.firstPnr}`}>
                  {t('admin.cockpit.dashboard.disruptedLine', {
                    flight: flight.flightId,
                    change: t(`admin.cockpit.dashboard.changes.${flight.change}`),
                    count: flight.bookings,
                  })}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
