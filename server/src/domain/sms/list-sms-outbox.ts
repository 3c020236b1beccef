import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { Page } from '#shared/admin';
import type { Db } from '../../db/client';
import { type PageRequest, pageWindow, toPage } from '../../db/paging';
import { smsOutbox } from '../../db/schema/index';

export type SmsOutboxRow = Omit<typeof smsOutbox.$inferSelect, 'claimedUntil' | 'dedupeKey'>;

/** The brand's SMS (sent, waiting or given up) with their delivery log, newest first, one page. */
export async function listSmsOutbox(
  db: Db,
  options: PageRequest & { brandId: string },
): Promise<Page<SmsOutboxRow>> {
  const where = eq(smsOutbox.brandId, options.brandId);
  const { limit, offset } = pageWindow(options);
  const { claimedUntil: _claimed, dedupeKey: _key, ...columns } = getTableColumns(smsOutbox);
  const items = await db
    .select(columns)
    .from(smsOutbox)
    .where(where)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(limit)
    .offset(offset);
  return toPage(db, items, { table: smsOutbox, where }, options);
}
