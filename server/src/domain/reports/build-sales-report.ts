import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { ReportGroup, ReportRow, SalesReport } from '#shared/admin-money';
import { localToUtc } from '#shared/time/zoned';
import type { Db } from '../../db/client';
import { bookings, paymentAttempts, refunds, users } from '../../db/schema/index';

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

const sold = sql`${bookings.status} in ('paid', 'ticketed')`;
const firstAirline = (field: 'airline_code' | 'airline_name') =>
  sql<string>`coalesce((select l.offer->'segments'->0->>${sql.raw(`'${field}'`)} from booking_legs l where l.booking_id = ${bookings.id} order by l.position limit 1), '?')`;

function groupColumns(groupBy: ReportGroup) {
  switch (groupBy) {
    case 'day': {
      const day = sql<string>`to_char((${bookings.createdAt} at time zone ${KATHMANDU})::date, 'YYYY-MM-DD')`;
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

/**
 * Sales, bookings and commission of the brand's bookings made between two Kathmandu dates, per
 * day, route ("KTM → PKR", a round trip's both legs), airline (of the first flight) or agent
 * (the booker), per currency. `bookings` counts every booking made; `paidBookings`, `sales`,
 * `commission` and `markup` only the paid or ticketed ones. Days without bookings answer zeros.
 * `excessPayments`: the second captures of those bookings (paid twice), and how much of them has
 * gone back.
 */
export async function buildSalesReport(db: Db, options: SalesReportOptions): Promise<SalesReport> {
  const group = groupColumns(options.groupBy);
  const ofReport = and(
    eq(bookings.brandId, options.brandId),
    gte(bookings.createdAt, startOfKathmanduDay(options.from)),
    lt(bookings.createdAt, startOfKathmanduDay(nextDay(options.to))),
  );
  const rows = await db
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

  const ordered: ReportRow[] =
    options.groupBy === 'day' ? withEveryDay(rows, options.from, options.to) : rows.sort(bySales);
  const totals = new Map<string, Omit<ReportRow, 'key' | 'label'>>();
  for (const row of rows) {
    const sum = totals.get(row.currency) ?? {
      currency: row.currency,
      bookings: 0,
      paidBookings: 0,
      sales: 0,
      commission: 0,
      markup: 0,
    };
    sum.bookings += row.bookings;
    sum.paidBookings += row.paidBookings;
    sum.sales += row.sales;
    sum.commission += row.commission;
    sum.markup += row.markup;
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
  };
}

const bySales = (a: ReportRow, b: ReportRow) =>
  b.sales - a.sales || b.bookings - a.bookings || a.label.localeCompare(b.label);

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
              bookings: 0,
              paidBookings: 0,
              sales: 0,
              commission: 0,
              markup: 0,
            },
          ]),
    );
  }
  return out;
}
