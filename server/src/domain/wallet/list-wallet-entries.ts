import { asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Page } from '#shared/admin';
import type { Db } from '../../db/client';
import { type PageRequest, pageWindow, toPage } from '../../db/paging';
import { bookings, type WalletEntryKind, walletEntries } from '../../db/schema/index';

export interface WalletEntryRow {
  id: number;
  kind: WalletEntryKind;
  amount: number;
  currency: string;
  /** The balance right after this entry: the sum of the user's entries up to it. */
  balance: number;
  reference: string | null;
  note: string | null;
  pnr: string | null;
  createdAt: Date;
}

const runningBalance =
  sql<number>`(sum(${walletEntries.amount}) over (partition by ${walletEntries.userId} order by ${walletEntries.id}))::bigint`.mapWith(
    Number,
  );

const entryColumns = {
  id: walletEntries.id,
  kind: walletEntries.kind,
  amount: walletEntries.amount,
  currency: walletEntries.currency,
  balance: runningBalance,
  reference: walletEntries.reference,
  note: walletEntries.note,
  pnr: bookings.pnr,
  createdAt: walletEntries.createdAt,
};

function selectEntries(db: Db, where: SQL) {
  return db
    .select(entryColumns)
    .from(walletEntries)
    .leftJoin(bookings, eq(bookings.id, walletEntries.bookingId))
    .where(where);
}

/** One page of a user's ledger, newest first, each entry with the balance after it. */
export async function listWalletEntries(
  db: Db,
  options: PageRequest & { userId: string },
): Promise<Page<WalletEntryRow>> {
  const where = eq(walletEntries.userId, options.userId);
  const { limit, offset } = pageWindow(options);
  const items = await selectEntries(db, where).orderBy(desc(walletEntries.id)).limit(limit).offset(offset);
  return toPage(db, items, { table: walletEntries, where }, options);
}

/** A user's whole ledger, oldest first (for the CSV export). */
export function listAllWalletEntries(db: Db, userId: string): Promise<WalletEntryRow[]> {
  return selectEntries(db, eq(walletEntries.userId, userId)).orderBy(asc(walletEntries.id));
}

/** One entry with the balance after it. */
export async function findWalletEntry(db: Db, id: number): Promise<WalletEntryRow> {
  const [entry] = await db
    .select({
      ...entryColumns,
      balance:
        sql<number>`(select sum(w.amount) from wallet_entries w where w.user_id = ${walletEntries.userId} and w.id <= ${walletEntries.id})::bigint`.mapWith(
          Number,
        ),
    })
    .from(walletEntries)
    .leftJoin(bookings, eq(bookings.id, walletEntries.bookingId))
    .where(eq(walletEntries.id, id));
  if (!entry) throw new Error(`no wallet entry ${id}`);
  return entry;
}
