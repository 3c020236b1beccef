import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type TaxDocumentSeries, taxDocumentCounters } from '../../db/schema/index';

/**
 * The next number of a brand's series in a fiscal year, in the caller's transaction: the counter
 * row is created if missing, locked FOR UPDATE and moved on by one. Another issuing transaction of
 * the brand waits for this one's commit; a rollback gives the number back. So the numbers run
 * 1, 2, 3… without gaps, which a sequence cannot promise.
 */
export async function takeDocumentNumber(
  tx: Db,
  options: { brandId: string; series: TaxDocumentSeries; fiscalYear: string },
): Promise<number> {
  const key = and(
    eq(taxDocumentCounters.brandId, options.brandId),
    eq(taxDocumentCounters.series, options.series),
    eq(taxDocumentCounters.fiscalYear, options.fiscalYear),
  );
  await tx
    .insert(taxDocumentCounters)
    .values({ brandId: options.brandId, series: options.series, fiscalYear: options.fiscalYear })
    .onConflictDoNothing();
  const [counter] = await tx
    .select({ lastNumber: taxDocumentCounters.lastNumber })
    .from(taxDocumentCounters)
    .where(key)
    .for('update');
  if (!counter) throw new Error('the document counter row is missing');
  const next = counter.lastNumber + 1;
  await tx
    .update(taxDocumentCounters)
    .set({ lastNumber: sql`${next}` })
    .where(key);
  return next;
}
