import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts } from '../../db/schema/index';
import type { PaymentAttempt } from './record-verification';

/**
 * Gateway payments left pending for at least `olderThanMinutes` (the payer paid but never came
 * back, or gave up by closing the tab), oldest first: the ones to ask the gateway about.
 */
export function findStalePaymentAttempts(
  db: Db,
  options: { olderThanMinutes: number; limit: number },
): Promise<PaymentAttempt[]> {
  return db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'pending'),
        lt(paymentAttempts.createdAt, sql`now() - make_interval(mins => ${options.olderThanMinutes})`),
      ),
    )
    .orderBy(asc(paymentAttempts.createdAt))
    .limit(options.limit);
}
