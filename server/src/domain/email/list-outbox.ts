import { desc, eq } from 'drizzle-orm';
import type { Page } from '#shared/admin';
import type { Db } from '../../db/client';
import { type PageRequest, pageWindow, toPage } from '../../db/paging';
import { emailOutbox } from '../../db/schema/index';

export type OutboxRow = typeof emailOutbox.$inferSelect;
export type OutboxSummaryRow = Pick<
  OutboxRow,
  | 'id'
  | 'brandId'
  | 'to'
  | 'subject'
  | 'createdAt'
  | 'sentAt'
  | 'attempts'
  | 'lastError'
  | 'failedAt'
  | 'attachments'
>;

/** The brand's e-mails (sent or waiting), newest first, one page, without their bodies. */
export async function listOutbox(
  db: Db,
  options: PageRequest & { brandId: string },
): Promise<Page<OutboxSummaryRow>> {
  const where = eq(emailOutbox.brandId, options.brandId);
  const { limit, offset } = pageWindow(options);
  const items = await db
    .select({
      id: emailOutbox.id,
      brandId: emailOutbox.brandId,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      failedAt: emailOutbox.failedAt,
      attachments: emailOutbox.attachments,
    })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
    .offset(offset);
  return toPage(db, items, { table: emailOutbox, where }, options);
}
