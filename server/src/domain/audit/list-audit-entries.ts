import { and, desc, eq } from 'drizzle-orm';
import type { Page } from '#shared/admin';
import type { Db } from '../../db/client';
import { type PageRequest, pageWindow, toPage } from '../../db/paging';
import { auditLog } from '../../db/schema/index';

export type AuditRow = typeof auditLog.$inferSelect;

export interface ListAuditEntriesOptions extends PageRequest {
  brandId: string;
  /** Only this action (`user.suspend`…). */
  action?: string | undefined;
}

/** The brand's audit log, newest first, one page. */
export async function listAuditEntries(db: Db, options: ListAuditEntriesOptions): Promise<Page<AuditRow>> {
  const where = and(
    eq(auditLog.brandId, options.brandId),
    options.action ? eq(auditLog.action, options.action) : undefined,
  );
  const { limit, offset } = pageWindow(options);
  const items = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
  return toPage(db, items, { table: auditLog, where }, options);
}
