import { type AnyColumn, and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { ChangePaidWith, ReportGroup, ReportRow, SalesReport } from '#shared/admin-money';
import { localToUtc } from '#shared/time/zoned';
import type { Db } from '../../db/client';
import {
  bookingChangePayments,
  bookingChanges,
  bookingEvents,
  bookings,
  paymentAttempts,
  refunds,
  users,
} from '../../db/schema/index';

export interface SalesReportOptions {
  brandId: string;
  /** Kathmandu dates, both included. */
  from: string;
  to: string;
  groupBy: ReportGroup;
}

const KATHMANDU = sql.raw(`'Asia/Kathmandu'`);
/** The start of a Kathmandu date as an instant. */
const startOfKathmanduDay = (date: string) => new Date(localToUtc(`${date}T00:00`, 'Asia/Kathmandu'));
const nextDay = (date: string) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Sold: paid or ticketed now, or paid before it was cancelled or refunded (its refunds count on their own days). */
const sold = sql`(${bookings.status} in ('paid', 'ticketed') or (${bookings.status} in ('cancelled', 'refunded') and ${bookings.paidAt} is not null))`;
/**
 * A refund of what a sold booking was paid: a wallet credit, or a gateway refund of the booking's
 * own captured payment (not of a second capture, a late payment or a date change's payment).
 */
const refundOfSale = sql`${bookings.paidAt} is not null and (${refunds.method} = 'wallet' or exists (select 1 from payment_attempts pa where pa.reference = ${refunds.paymentReference} and pa.order_id = ${bookings.id}::text and pa.status = 'paid'))`;
const firstAirline = (field: 'airline_code' | 'airline_name') =>
  sql<string>`coalesce((select l.offer->'segments'->0->>${sql.raw(`'${field}'`)} from booking_legs l where l.booking_id = ${bookings.id} order by l.position limit 1), '?')`;

/** The group's key and label; a day is the Kathmandu date of `at` (when the booking or change was made). */
function groupColumns(groupBy: ReportGroup, at: AnyColumn) {
  switch (groupBy) {
    case 'day': {
      const day = sql<string>`to_char((${at} at time zone ${KATHMANDU})::date, 'YYYY-MM-DD')`;
      return { key: day, label: day };
    }
    case 'route':
      return { key: sql<string>`${bookings.route}`, label: sql<string>`${bookings.route}` };
    case 'airline':
      return {
        key: firstAirline('airline_code'),
        label: sql<string>`${firstAirline('airline_code')} || ' ' || ${firstAirline('airline_name')}`,
      };
    case 'agent':
      return {
        key: sql<string>`${users.id}::text`,
        label: sql<string>`${users.firstName} || ' ' || ${users.lastName} || coalesce(' (' || ${users.email} || ')', '')`,
      };
  }
}

const total = (expression: ReturnType<typeof sql>) =>
  sql<number>`coalesce(sum(${expression}) filter (where ${sold}), 0)::bigint`.mapWith(Number);
/** sum(expression), 0 when there is nothing to sum; only the rows `where` says when given. */
const sumOf = (expression: SQL | AnyColumn, where?: SQL) =>
  (where
    ? sql<number>`coalesce(sum(${expression}) filter (where ${where}), 0)::bigint`
    : sql<number>`coalesce(sum(${expression}), 0)::bigint`
  ).mapWith(Number);

type Figures = Omit<ReportRow, 'key' | 'label' | 'currency'>;
const ZERO: Figures = {
  bookings: 0,
  paidBookings: 0,
  sales: 0,
  commission: 0,
  markup: 0,
  changes: 0,
  changeFareDifference: 0,
  changeFees: 0,
  changeRevenue: 0,
  refunds: 0,
  cancellationFees: 0,
  netSales: 0,
};
const FIGURES = Object.keys(ZERO) as (keyof Figures)[];

/**
 * Sales, bookings and commission of the brand's bookings made between two Kathmandu dates, per
 * day, route ("KTM → PKR", a round trip's both legs), airline (of the first flight) or agent
 * (the booker), per currency. `bookings` counts every booking made; `paidBookings`, `sales`,
 * `commission` and `markup` only the sold ones (`sold`). Days without bookings answer zeros.
 * `excessPayments`: the second captures of those bookings (paid twice), and how much of them has
 * gone back. A booking sold and later cancelled stays in `sales` on its day; what went back is in
 * `refunds` on the day of each refund, the fee kept in `cancellationFees` on the day of each
 * cancellation (the history entry's fee), and `netSales` = `sales` − `refunds`.
 *
 * Date changes are counted by when each was made (`booking_changes.created_at`), against the
 * booking's route, first airline and booker: `changes`, and the money they took (`changeRevenue`
 * = fare difference + fee), however paid — the agent's wallet (`change_debit`), a traveller's
 * gateway payment (`booking_change_payments`) or the agency's collection — each the journal that
 * credits the brand's sales account in the books (checkBooks). A gateway payment of a change that
 * could no longer be made, or paid twice, is no revenue: `changePaymentsToRefund`, beside
 * `excessPayments`.
 */
export async function buildSalesReport(db: Db, options: SalesReportOptions): Promise<SalesReport> {
  const group = groupColumns(options.groupBy, bookings.createdAt);
  const inReportDays = (column: AnyColumn) =>
    and(gte(column, startOfKathmanduDay(options.from)), lt(column, startOfKathmanduDay(nextDay(options.to))));
  const ofReport = and(eq(bookings.brandId, options.brandId), inReportDays(bookings.createdAt));
  const bookingRows = await db
    .select({
      key: group.key,
      label: group.label,
      currency: bookings.currency,
      bookings: sql<number>`count(*)::int`.mapWith(Number),
      paidBookings: sql<number>`(count(*) filter (where ${sold}))::int`.mapWith(Number),
      sales: total(sql`(${bookings.price}->>'total')::bigint`),
      commission: total(sql`coalesce((${bookings.price}->'commission'->>'amount')::bigint, 0)`),
      markup: total(sql`coalesce((${bookings.markup}->>'amount')::bigint, 0)`),
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(ofReport)
    .groupBy(sql`1, 2, 3`);
  const excessPayments = await db
    .select({
      currency: paymentAttempts.currency,
      payments: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${paymentAttempts.amountPaisa}), 0)::bigint`.mapWith(Number),
      refunded:
        sql<number>`coalesce(sum(${paymentAttempts.amountPaisa}) filter (where ${refunds.status} = 'completed'), 0)::bigint`.mapWith(
          Number,
        ),
    })
    .from(paymentAttempts)
    .innerJoin(bookings, sql`${bookings.id}::text = ${paymentAttempts.orderId}`)
    .leftJoin(
      refunds,
      and(eq(refunds.bookingId, bookings.id), eq(refunds.paymentReference, paymentAttempts.reference)),
    )
    .where(and(ofReport, eq(paymentAttempts.status, 'excess')))
    .groupBy(paymentAttempts.currency)
    .orderBy(paymentAttempts.currency);

  const changeGroup = groupColumns(options.groupBy, bookingChanges.createdAt);
  const changesOfReport = and(eq(bookings.brandId, options.brandId), inReportDays(bookingChanges.createdAt));
  const changeRows = await db
    .select({
      key: changeGroup.key,
      label: changeGroup.label,
      currency: bookingChanges.currency,
      changes: sql<number>`count(*)::int`.mapWith(Number),
      changeFareDifference: sumOf(bookingChanges.fareDifference),
      changeFees: sumOf(bookingChanges.changeFee),
      changeRevenue: sumOf(bookingChanges.amount, sql`${bookingChanges.paidWith} is not null`),
    })
    .from(bookingChanges)
    .innerJoin(bookings, eq(bookings.id, bookingChanges.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(changesOfReport)
    .groupBy(sql`1, 2, 3`);
  const changePayments = await db
    .select({
      currency: bookingChanges.currency,
      paidWith: sql<ChangePaidWith>`${bookingChanges.paidWith}`,
      changes: sql<number>`count(*)::int`.mapWith(Number),
      amount: sumOf(bookingChanges.amount),
    })
    .from(bookingChanges)
    .innerJoin(bookings, eq(bookings.id, bookingChanges.bookingId))
    .where(and(changesOfReport, sql`${bookingChanges.paidWith} is not null`))
    .groupBy(bookingChanges.currency, bookingChanges.paidWith)
    .orderBy(bookingChanges.currency, bookingChanges.paidWith);
  const capturedAt = sql`coalesce(${paymentAttempts.paidAt}, ${paymentAttempts.createdAt})`;
  const reason = sql<
    'late' | 'excess'
  >`case when ${paymentAttempts.status} = 'excess' then 'excess' else 'late' end`;
  const changeRefunds = await db
    .select({
      currency: paymentAttempts.currency,
      reason,
      payments: sql<number>`count(*)::int`.mapWith(Number),
      amount: sumOf(paymentAttempts.amountPaisa),
      refunded: sumOf(paymentAttempts.amountPaisa, sql`${refunds.status} = 'completed'`),
    })
    .from(paymentAttempts)
    .innerJoin(bookingChangePayments, sql`${bookingChangePayments.id}::text = ${paymentAttempts.orderId}`)
    .innerJoin(bookings, eq(bookings.id, bookingChangePayments.bookingId))
    .leftJoin(
      refunds,
      and(eq(refunds.bookingId, bookings.id), eq(refunds.paymentReference, paymentAttempts.reference)),
    )
    .where(
      and(
        eq(bookings.brandId, options.brandId),
        gte(capturedAt, startOfKathmanduDay(options.from)),
        lt(capturedAt, startOfKathmanduDay(nextDay(options.to))),
        sql`(${paymentAttempts.status} = 'excess' or (${paymentAttempts.status} = 'paid' and ${bookingChangePayments.status} in ('failed', 'superseded')))`,
      ),
    )
    .groupBy(sql`1, 2`)
    .orderBy(sql`1, 2`);

  const refundGroup = groupColumns(options.groupBy, refunds.createdAt);
  const refundRows = await db
    .select({
      key: refundGroup.key,
      label: refundGroup.label,
      currency: bookings.currency,
      refunds: sumOf(refunds.amount),
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.brandId, options.brandId), inReportDays(refunds.createdAt), refundOfSale))
    .groupBy(sql`1, 2, 3`);
  const feeGroup = groupColumns(options.groupBy, bookingEvents.at);
  const feeRows = await db
    .select({
      key: feeGroup.key,
      label: feeGroup.label,
      currency: bookings.currency,
      cancellationFees: sumOf(bookingEvents.cancellationFee),
    })
    .from(bookingEvents)
    .innerJoin(bookings, eq(bookings.id, bookingEvents.bookingId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(
      and(
        eq(bookings.brandId, options.brandId),
        inReportDays(bookingEvents.at),
        sql`${bookingEvents.cancellationFee} is not null`,
      ),
    )
    .groupBy(sql`1, 2, 3`);

  // A group's bookings, changes, refunds and fees, one row per key and currency.
  const merged = new Map<string, ReportRow>();
  const rowOf = (row: { key: string; label: string; currency: string }) => {
    const id = `${row.currency} ${row.key}`;
    let out = merged.get(id);
    if (!out) {
      out = { key: row.key, label: row.label, currency: row.currency as ReportRow['currency'], ...ZERO };
      merged.set(id, out);
    }
    return out;
  };
  for (const row of bookingRows) Object.assign(rowOf(row), row);
  for (const row of changeRows) Object.assign(rowOf(row), row);
  for (const row of refundRows) Object.assign(rowOf(row), row);
  for (const row of feeRows) Object.assign(rowOf(row), row);
  const rows = [...merged.values()];
  for (const row of rows) row.netSales = row.sales - row.refunds;

  const ordered: ReportRow[] =
    options.groupBy === 'day' ? withEveryDay(rows, options.from, options.to) : rows.sort(bySales);
  const totals = new Map<string, Omit<ReportRow, 'key' | 'label'>>();
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? { currency: row.currency, ...ZERO };
    for (const figure of FIGURES) sum[figure] += row[figure];
    totals.set(row.currency, sum);
  }
  return {
    from: options.from,
    to: options.to,
    groupBy: options.groupBy,
    timeZone: 'Asia/Kathmandu',
    rows: ordered,
    totals: [...totals.values()],
    excessPayments: excessPayments.map((e) => ({
      ...e,
      currency: e.currency as ReportRow['currency'],
      pending: e.amount - e.refunded,
    })),
    changePayments: changePayments.map((p) => ({ ...p, currency: p.currency as ReportRow['currency'] })),
    changePaymentsToRefund: changeRefunds.map((r) => ({
      ...r,
      currency: r.currency as ReportRow['currency'],
      pending: r.amount - r.refunded,
    })),
  };
}

const bySales = (a: ReportRow, b: ReportRow) =>
  b.sales - a.sales ||
  b.bookings - a.bookings ||
  b.changeRevenue - a.changeRevenue ||
  a.label.localeCompare(b.label);

/** Day rows in date order, an NPR row of zeros for each day nothing was booked. */
function withEveryDay(rows: ReportRow[], from: string, to: string): ReportRow[] {
  const out: ReportRow[] = [];
  for (let day = from; day <= to; day = nextDay(day)) {
    const ofDay = rows.filter((row) => row.key === day).sort((a, b) => a.currency.localeCompare(b.currency));
    out.push(
      ...(ofDay.length
        ? ofDay
        : [
            {
              key: day,
              label: day,
              currency: 'NPR' as const,
              ...ZERO,
            },
          ]),
    );
  }
  return out;
}
