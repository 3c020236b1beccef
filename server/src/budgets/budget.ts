import { expect, vi } from 'vitest';
import { countQueries, listStatements, type QueryUse } from '../test/query-counter';
import type { TestApp } from '../test/test-app';

/** What one hot path may send to the database: a statement count, and rows where they are stable. */
export interface Budget {
  statements: number;
  rows?: number;
}

/**
 * Runs `warmUp` then `measured` with the clock held still, and answers what `measured` sent to the
 * database. With the clock still, every short-lived cache (brands, markups, the flight network,
 * search seat counts) is as a busy server finds it: the warm-up fills it and the measured request
 * finds it fresh. So the count is the steady state the benchmarks see, the same on every run,
 * however slow the machine. A cache that saves a statement is not counted; one that misses (a key
 * of its own per request) is.
 */
export async function measureWarm<T>(
  t: TestApp,
  warmUp: () => Promise<unknown>,
  measured: () => Promise<T>,
): Promise<QueryUse<T>> {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
  try {
    await warmUp();
    return await countQueries(t, measured);
  } finally {
    vi.useRealTimers();
  }
}

/**
 * Starts the app's job queue as a running server has it: pg-boss starts on the first send (its own
 * tables and queues, dozens of statements, once per process), which no hot path should be charged.
 * Started with the real clock: pg-boss keeps time for itself from its start.
 */
export async function startJobQueue(t: TestApp): Promise<void> {
  await t.app.jobs.send('webhooks.deliver');
}

/**
 * The ticket issue's own statements inside a payment: those that number, write, read or e-mail
 * tickets. Picked out by their text: the issue runs in the payment's transaction, and Drizzle's
 * queries start from lazy thenables, whose async stack does not name the function that sent them.
 */
export function ticketStatements(use: QueryUse): QueryUse {
  const executed = use.executed.filter((s) =>
    /ticket_serial_seq|(insert into|update|from) "tickets"|set "ticket_emailed_at"/.test(s.text),
  );
  return { ...use, executed, statements: executed.length, rows: executed.reduce((n, s) => n + s.rows, 0) };
}

/**
 * The count within the budget, or a failure listing every statement executed. The figure is
 * printed either way, so a run shows how far below its budget a path has come.
 */
export function expectWithinBudget(name: string, use: QueryUse, budget: Budget): void {
  const figure = `${name}: ${use.statements} statements, ${use.rows} rows (budget ${budget.statements}${budget.rows === undefined ? '' : ` / ${budget.rows} rows`}, ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`;
  console.info(figure);
  const message = `${figure}\nStatements executed:\n${listStatements(use)}`;
  expect(use.statements, message).toBeLessThanOrEqual(budget.statements);
  if (budget.rows !== undefined) expect(use.rows, message).toBeLessThanOrEqual(budget.rows);
}
