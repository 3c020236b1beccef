import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '#shared/admin';
import type { DepositRequestStatus } from '#shared/deposit-requests';
import type { Db } from '../../db/client';
import { type PageRequest, pageWindow, toPage } from '../../db/paging';
import { depositRequests, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { bsDateText } from './build-wallet-statement';

export interface DepositRequestRow {
  id: number;
  userId: string;
  amount: number;
  currency: string;
  reference: string;
  depositedOn: string;
  /** The same day in Bikram Sambat, "2083-08-21". */
  depositedOnBs: string;
  status: DepositRequestStatus;
  slipContentType: string | null;
  decisionNote: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  agent: { id: string; name: string; email: string | null; balance: number };
}

const columns = {
  id: depositRequests.id,
  userId: depositRequests.userId,
  amount: depositRequests.amount,
  currency: depositRequests.currency,
  reference: depositRequests.reference,
  depositedOn: depositRequests.depositedOn,
  status: depositRequests.status,
  slipContentType: depositRequests.slipContentType,
  decisionNote: depositRequests.decisionNote,
  createdAt: depositRequests.createdAt,
  decidedAt: depositRequests.decidedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  balance: users.walletBalance,
};

const selectRequests = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(depositRequests)
    .innerJoin(users, eq(users.id, depositRequests.userId))
    .where(where);
type SelectedRow = Awaited<ReturnType<typeof selectRequests>>[number];

function rowOf(row: SelectedRow): DepositRequestRow {
  const { firstName, lastName, email, balance, ...request } = row;
  return {
    ...request,
    depositedOnBs: bsDateText(request.depositedOn),
    agent: { id: row.userId, name: `${firstName} ${lastName}`.trim(), email, balance },
  };
}

/**
 * One page of a brand's deposit requests, newest first: all of them, one status's (the console's
 * pending queue), or one agent's own (`userId`).
 */
export async function listDepositRequests(
  db: Db,
  options: PageRequest & { brandId: string; status?: DepositRequestStatus | undefined; userId?: string },
): Promise<Page<DepositRequestRow>> {
  const conditions: SQL[] = [eq(depositRequests.brandId, options.brandId)];
  if (options.status) conditions.push(eq(depositRequests.status, options.status));
  if (options.userId) conditions.push(eq(depositRequests.userId, options.userId));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(options);
  const rows = await selectRequests(db, where).orderBy(desc(depositRequests.id)).limit(limit).offset(offset);
  return toPage(db, rows.map(rowOf), { table: depositRequests, where }, options);
}

/** One deposit request of the brand (and of `userId` when given); 404 otherwise. */
export async function findDepositRequest(
  db: Db,
  options: { brandId: string; id: number; userId?: string },
): Promise<DepositRequestRow> {
  const conditions: SQL[] = [
    eq(depositRequests.brandId, options.brandId),
    eq(depositRequests.id, options.id),
  ];
  if (options.userId) conditions.push(eq(depositRequests.userId, options.userId));
  const [row] = await selectRequests(db, and(...conditions));
  if (!row) throw new AppError('NOT_FOUND', 'There is no such deposit request.');
  return rowOf(row);
}

/** A deposit request's slip, for its owner or the brand's staff (`userId` omitted); 404 without one. */
export async function findDepositSlip(
  db: Db,
  options: { brandId: string; id: number; userId?: string },
): Promise<{ bytes: Buffer; contentType: string }> {
  const conditions: SQL[] = [
    eq(depositRequests.brandId, options.brandId),
    eq(depositRequests.id, options.id),
  ];
  if (options.userId) conditions.push(eq(depositRequests.userId, options.userId));
  const [row] = await db
    .select({ slip: depositRequests.slip, contentType: depositRequests.slipContentType })
    .from(depositRequests)
    .where(and(...conditions));
  if (!row?.slip || !row.contentType) throw new AppError('NOT_FOUND', 'This deposit request has no slip.');
  return { bytes: row.slip, contentType: row.contentType };
}
