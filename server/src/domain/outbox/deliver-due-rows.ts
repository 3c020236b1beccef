import { asc, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { emailOutbox, smsOutbox } from '../../db/schema/index';

/** The outboxes sent by a job with claims and retries: e-mail and SMS. */
export type OutboxTable = typeof emailOutbox | typeof smsOutbox;

/** Wait before attempt n+1 after n failed ones: 1, 2, 4 … minutes, at most an hour. */
export function backOffSeconds(attempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, attempts - 1), 3_600);
}

/** What trying one row came to; `log`: more columns to write with it (e.g. the provider's code). */
export type DeliveryAttempt<Log> =
  | { sent: true; log?: Log }
  | { sent: false; error: string; retryable: boolean; log?: Log };

export interface DeliverDueRowsOptions<Row, Log> {
  /** Rows claimed per pass. */
  limit: number;
  /** A claimed row is the sender's this long; after that (a crashed sender) another may take it. */
  claimSeconds: number;
  /** Attempts before a row is given up (`failed_at`). */
  maxAttempts: number;
  /** Tries to send one claimed row (its `attempts` already counts this one). */
  attempt: (row: Row) => Promise<DeliveryAttempt<Log>>;
  /**
   * Records a row given up (refused for good, or out of attempts); by default it is written like a
   * retry, with `failed_at` set too.
   */
  giveUp?: (row: Row, log: Partial<Log> & { lastError: string }) => Promise<void>;
}

/**
 * One pass of an outbox's delivery: claims due rows, tries each (no transaction is open while
 * sending), and records it sent, or the error with a back-off before the next attempt, or given
 * up when refused for good or after `maxAttempts`. Returns how many were sent.
 */
export async function deliverDueRows<Table extends OutboxTable, Log extends object = object>(
  db: Db,
  table: Table,
  options: DeliverDueRowsOptions<Table['$inferSelect'], Log>,
): Promise<number> {
  // One update helper for either table: both have the columns written here.
  const update = (id: string, values: Record<string, unknown>) =>
    db
      .update(table as OutboxTable)
      .set(values)
      .where(eq((table as OutboxTable).id, id));
  let sent = 0;
  for (const row of await claimDueRows(db, table, options.limit, options.claimSeconds)) {
    const result = await options.attempt(row);
    if (result.sent) {
      await update(row.id, { ...result.log, sentAt: sql`now()`, claimedUntil: null, lastError: null });
      sent++;
      continue;
    }
    const givenUp = !result.retryable || row.attempts >= options.maxAttempts;
    if (givenUp && options.giveUp) {
      const log: Partial<Log> = { ...result.log };
      await options.giveUp(row, { ...log, lastError: result.error });
      continue;
    }
    await update(row.id, {
      ...result.log,
      claimedUntil: null,
      lastError: result.error,
      nextAttemptAt: sql`now() + make_interval(secs => ${backOffSeconds(row.attempts)})`,
      ...(givenUp ? { failedAt: sql`now()` } : {}),
    });
  }
  return sent;
}

/**
 * Claims due rows in one conditional UPDATE (`FOR UPDATE SKIP LOCKED`, and the claim itself is a
 * lease in `claimed_until`), so several instances running at once send each row once; counts the
 * claim as an attempt.
 */
async function claimDueRows<Table extends OutboxTable>(
  db: Db,
  table: Table,
  limit: number,
  claimSeconds: number,
): Promise<Table['$inferSelect'][]> {
  // A CTE runs exactly once; `id in (select … limit n for update skip locked)` may be re-run by
  // the planner and claim more than n rows.
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`
    with due as (
      select id from ${table}
       where sent_at is null and failed_at is null and next_attempt_at <= now()
         and (claimed_until is null or claimed_until < now())
       order by next_attempt_at, created_at
       limit ${limit}
       for update skip locked)
    update ${table} as outbox
       set claimed_until = now() + make_interval(secs => ${claimSeconds}),
           attempts = outbox.attempts + 1
      from due
     where outbox.id = due.id
    returning outbox.id`,
  );
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  const outbox = table as OutboxTable;
  return (await db
    .select()
    .from(outbox)
    .where(inArray(outbox.id, ids))
    .orderBy(asc(outbox.createdAt))) as Table['$inferSelect'][];
}
