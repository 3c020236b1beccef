import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';
import { notFound } from '../../errors';
import type { OutboxRow } from './list-outbox';

/** One e-mail of the brand's outbox with its body; another brand's (or none) → 404. */
export async function findOutboxEmail(
  db: Db,
  options: { brandId: string; emailId: string },
): Promise<OutboxRow> {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, options.emailId), eq(emailOutbox.brandId, options.brandId)));
  if (!row) throw notFound('There is no such e-mail.');
  return row;
}
