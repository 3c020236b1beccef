import { type AnyColumn, and, asc, eq, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import {
  type AdminDashboard,
  DASHBOARD_LAPSE_WINDOW_MINUTES,
  DASHBOARD_LIST_LIMIT,
} from '#shared/admin-dashboard';
import { localToUtc, utcToLocal } from '#shared/time/zoned';
import type { Db } from '../../db/client';
import {
  bookingDisruptions,
  bookings,
  flightDisruptions,
  refunds,
  tickets,
  users,
} from '../../db/schema/index';

export interface BuildDashboardOptions {
  brandId: string;
  /** Agents below this balance (minor units) are listed: WALLET_LOW_BALANCE_MINOR. */
  lowBalanceMark: number;
  now?: Date;
}

const KATHMANDU = 'Asia/Kathmandu';
const count = sql<number>`count(*)::int`.mapWith(Number);
const sumOf = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)::bigint`.mapWith(Number);

/**
 * The console's landing page (docs/admin.md#dashboard): today's sales, tickets and refunds over
 * the Nepal day (docs/time.md), holds about to lapse, refunds owed by hand, agents' wallets below
 * the low mark and disrupted flights whose travellers are still to be rebooked. Reads only.
 */
export async function buildDashboard(db: Db, options: BuildDashboardOptions): Promise<AdminDashboard> {
  const now = options.now ?? new Date();
  const date = utcToLocal(now.getTime(), KATHMANDU).date;
  const dayStart = new Date(localToUtc(`${date}T00:00`, KATHMANDU));
  const dayEnd = new Date(dayStart.getTime() + 86_400_000);
  const ofBrand = eq(bookings.brandId, options.brandId);
  const madeToday = (at: AnyColumn) => and(gte(at, dayStart), lt(at, dayEnd));

  const sales = await db
    .select({
      currency: bookings.currency,
      bookings: count,
      amount: sumOf(sql`(${bookings.price}->>'total')::bigint`),
    })
    .from(bookings)
    .where(and(ofBrand, madeToday(bookings.createdAt), sql`${bookings.status} in ('paid', 'ticketed')`))
    .groupBy(bookings.currency)
    .orderBy(bookings.currency);

  const [ticketCount] = await db
    .select({ tickets: sql<number>`count(distinct ${tickets.ticketNumber})::int`.mapWith(Number) })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(and(ofBrand, madeToday(tickets.createdAt)));

  const refundsToday = await db
    .select({ currency: refunds.currency, refunds: count, amount: sumOf(refunds.amount) })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(and(ofBrand, madeToday(refunds.createdAt)))
    .groupBy(refunds.currency)
    .orderBy(refunds.currency);

  const lapseBy = new Date(now.getTime() + DASHBOARD_LAPSE_WINDOW_MINUTES * 60_000);
  const lapsing = and(
    ofBrand,
    eq(bookings.status, 'held'),
    gte(bookings.expiresAt, now),
    lte(bookings.expiresAt, lapseBy),
  );
  const [lapsingCount] = await db.select({ count }).from(bookings).where(lapsing);
  const lapsingRows = await db
    .select({
      pnr: bookings.pnr,
      expiresAt: bookings.expiresAt,
      contact: bookings.contact,
      price: bookings.price,
      currency: bookings.currency,
    })
    .from(bookings)
    .where(lapsing)
    .orderBy(asc(bookings.expiresAt))
    .limit(DASHBOARD_LIST_LIMIT);

  // The refunds queue's rows (listManualRefunds): pending, made by hand, not a wallet credit.
  const handRefundRows = await db
    .select({
      currency: refunds.currency,
      count,
      amount: sumOf(refunds.amount),
      oldestAt: sql<Date | null>`min(${refunds.createdAt})`.mapWith(refunds.createdAt),
    })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(
      and(ofBrand, eq(refunds.status, 'pending'), eq(refunds.automatic, false), ne(refunds.method, 'wallet')),
    )
    .groupBy(refunds.currency)
    .orderBy(refunds.currency);

  const lowWallet = and(
    eq(users.brandId, options.brandId),
    eq(users.type, 'agent'),
    isNull(users.suspendedAt),
    lt(users.walletBalance, options.lowBalanceMark),
  );
  const [lowCount] = await db.select({ count }).from(users).where(lowWallet);
  const lowRows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      balance: users.walletBalance,
      currency: users.walletCurrency,
    })
    .from(users)
    .where(lowWallet)
    .orderBy(asc(users.walletBalance), asc(users.id))
    .limit(DASHBOARD_LIST_LIMIT);

  const toRebook = and(
    eq(flightDisruptions.brandId, options.brandId),
    isNull(bookingDisruptions.resolution),
    sql`${bookings.status} in ('held', 'paid', 'ticketed')`,
  );
  const disrupted = await db
    .select({
      flightId: flightDisruptions.flightId,
      change: flightDisruptions.change,
      reason: flightDisruptions.reason,
      bookings: count,
      firstPnr: sql<string>`min(${bookings.pnr})`,
    })
    .from(bookingDisruptions)
    .innerJoin(flightDisruptions, eq(flightDisruptions.id, bookingDisruptions.disruptionId))
    .innerJoin(bookings, eq(bookings.id, bookingDisruptions.bookingId))
    .where(toRebook)
    .groupBy(flightDisruptions.flightId, flightDisruptions.change, flightDisruptions.reason)
    .orderBy(asc(flightDisruptions.flightId));

  const oldest = handRefundRows
    .map((row) => row.oldestAt)
    .filter((at): at is Date => at !== null)
    .sort((a, b) => a.getTime() - b.getTime())[0];
  return {
    date,
    today: {
      sales: sales.map((row) => ({ currency: row.currency, bookings: row.bookings, amount: row.amount })),
      tickets: ticketCount?.tickets ?? 0,
      refunds: refundsToday,
    },
    lapsingHolds: {
      count: lapsingCount?.count ?? 0,
      items: lapsingRows.map((row) => ({
        pnr: row.pnr,
        expiresAt: (row.expiresAt ?? now).toISOString(),
        contactName: row.contact.name,
        total: row.price.total,
        currency: row.currency,
      })),
    },
    handRefunds: {
      count: handRefundRows.reduce((sum, row) => sum + row.count, 0),
      totals: handRefundRows.map((row) => ({ currency: row.currency, amount: row.amount })),
      oldestAt: oldest?.toISOString() ?? null,
    },
    lowWallets: {
      lowMark: options.lowBalanceMark,
      count: lowCount?.count ?? 0,
      items: lowRows.map((row) => ({
        userId: row.userId,
        name: `${row.firstName} ${row.lastName}`,
        email: row.email,
        balance: row.balance,
        currency: row.currency,
      })),
    },
    disruptedFlights: {
      bookings: disrupted.reduce((sum, row) => sum + row.bookings, 0),
      items: disrupted.slice(0, DASHBOARD_LIST_LIMIT),
    },
  };
}
