import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Page } from '#shared/admin';
import type { Db } from './client';

export interface PageRequest {
  /** From 1. */
  page: number;
  pageSize: number;
}

/** LIMIT and OFFSET of one page. */
export const pageWindow = (request: PageRequest) => ({
  limit: request.pageSize,
  offset: (request.page - 1) * request.pageSize,
});

/** One page of rows with the count of every matching row. */
export async function toPage<T>(
  db: Db,
  items: T[],
  count: { table: PgTable; where: SQL | undefined },
  request: PageRequest,
): Promise<Page<T>> {
  const total = await countRows(db, count.table, count.where);
  return { items, total, page: request.page, pageSize: request.pageSize };
}

async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}
