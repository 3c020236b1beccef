import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * Counts what a block of test code sends to the database: every statement of the application's
 * database handle and of its job queue (pg-boss), on either driver, including work the block
 * causes after its own promise settles (the job sent by a response's `onResponse` hook), and
 * nothing else (pg-boss's own timers, other test files).
 *
 * - A **statement** is one query the application sends: one round trip. `begin`, `commit`,
 *   `savepoint` count; a multi-statement text sent at once (pg-boss's locked blocks on PGlite)
 *   counts once.
 * - **Rows** of a statement are the rows it returned or, for a write without `returning`, the
 *   rows it changed (PostgreSQL's command tag). Rows a statement reads but does not return (a
 *   `count(*)`, a filter) are not seen here: that is what EXPLAIN checks are for.
 *
 * Attribution follows the async context of the block (AsyncLocalStorage), so the same app may
 * serve other callers meanwhile. See docs/operations.md#sql-statement-budgets.
 */
export interface ExecutedStatement {
  text: string;
  params: unknown[];
  rows: number;
}

export interface QueryUse<T = unknown> {
  statements: number;
  rows: number;
  executed: ExecutedStatement[];
  result: T;
}

interface Recorder {
  executed: ExecutedStatement[];
  inFlight: number;
}

const current = new AsyncLocalStorage<Recorder>();

/** Runs `work` and answers what it (and what it set off) sent to the app's database. */
export async function countQueries<T>(
  target: { database: Database },
  work: () => Promise<T>,
): Promise<QueryUse<T>> {
  install(target.database);
  const recorder: Recorder = { executed: [], inFlight: 0 };
  // Awaited inside the block: Drizzle's queries and Fastify's `inject` are lazy thenables that
  // start when awaited.
  const result = await current.run(recorder, async () => await work());
  await settled(recorder);
  return {
    statements: recorder.executed.length,
    rows: recorder.executed.reduce((sum, s) => sum + s.rows, 0),
    executed: recorder.executed,
    result,
  };
}

/** The statements, numbered, one a line, for a failing budget's message. */
export function listStatements(use: Pick<QueryUse, 'executed'>): string {
  return use.executed
    .map((s, i) => `${String(i + 1).padStart(3)}. [${s.rows} rows] ${s.text.replace(/\s+/g, ' ').trim()}`)
    .join('\n');
}

/**
 * Waits until the block's statements have all answered and nothing new started for a few turns
 * of the event loop: hooks that run after a response is sent (a job sent) are counted with it.
 * Not a clock: only the event loop's own turns.
 */
async function settled(recorder: Recorder): Promise<void> {
  let quietTurns = 0;
  let seen = recorder.executed.length;
  while (quietTurns < QUIET_TURNS) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const busy = recorder.inFlight > 0 || recorder.executed.length !== seen;
    seen = recorder.executed.length;
    quietTurns = busy ? 0 : quietTurns + 1;
  }
}

const QUIET_TURNS = 5;

/** Starts one statement in the current block (if any); answers how to finish it. */
function begin(text: string, params: unknown): ((result: unknown) => void) | undefined {
  const recorder = current.getStore();
  if (!recorder) return undefined;
  const statement: ExecutedStatement = { text, params: Array.isArray(params) ? params : [], rows: 0 };
  recorder.executed.push(statement);
  recorder.inFlight += 1;
  let done = false;
  return (result) => {
    if (done) return;
    done = true;
    recorder.inFlight -= 1;
    statement.rows = rowsOf(result);
  };
}

/** Rows returned, else rows changed; several results (a multi-statement text) summed. */
function rowsOf(result: unknown): number {
  if (Array.isArray(result)) return result.reduce((sum: number, r) => sum + rowsOf(r), 0);
  if (!result || typeof result !== 'object') return 0;
  const r = result as { rows?: unknown[]; rowCount?: number | null; affectedRows?: number };
  return Math.max(r.rows?.length ?? 0, r.rowCount ?? 0, r.affectedRows ?? 0);
}

function textOf(query: unknown): string {
  if (typeof query === 'string') return query;
  return (query as { text?: string } | undefined)?.text ?? String(query);
}

/** The statement's answer, recorded when it settles (a failed statement returned no rows). */
function recordWhenSettled<T>(answer: Promise<T>, finish: (result: unknown) => void): Promise<T> {
  return answer.then(
    (result) => {
      finish(result);
      return result;
    },
    (error: unknown) => {
      finish(undefined);
      throw error;
    },
  );
}

/** Wraps a promise-returning call so its statement is recorded. */
function recorded<T>(text: string, params: unknown, call: () => Promise<T>): Promise<T> {
  const finish = begin(text, params);
  return finish ? recordWhenSettled(call(), finish) : call();
}

const installed = new WeakSet<object>();

function install(database: Database): void {
  const client = (database.db as unknown as { $client: object }).$client;
  if (installed.has(client)) return;
  installed.add(client);
  if (database.kind === 'pglite') installOnPglite(client as PgliteLike);
  else installOnNodePostgres();
}

interface PgliteTx {
  query(text: string, params?: unknown[], options?: unknown): Promise<unknown>;
  exec(text: string, options?: unknown): Promise<unknown>;
}
interface PgliteLike extends PgliteTx {
  transaction<T>(work: (tx: PgliteTx) => Promise<T>): Promise<T>;
}

/**
 * PGlite: its one instance serves Drizzle and pg-boss's adapter, so its own methods are wrapped.
 * Its transaction sends BEGIN and COMMIT (or ROLLBACK) itself: they are recorded around the work.
 */
function installOnPglite(client: PgliteLike): void {
  const wrapCalls = (target: PgliteTx) => {
    const query = target.query.bind(target);
    const exec = target.exec.bind(target);
    target.query = (text, params, options) => recorded(text, params, () => query(text, params, options));
    target.exec = (text, options) => recorded(text, [], () => exec(text, options));
  };
  const transaction = client.transaction.bind(client);
  wrapCalls(client);
  client.transaction = (work) =>
    transaction(async (tx) => {
      begin('BEGIN', [])?.(undefined);
      wrapCalls(tx);
      try {
        const result = await work(tx);
        begin('COMMIT', [])?.(undefined);
        return result;
      } catch (error) {
        begin('ROLLBACK', [])?.(undefined);
        throw error;
      }
    });
}

let nodePostgresInstalled = false;

/**
 * node-postgres: Drizzle's pool and pg-boss's pool are both `pg` clients, so the client's `query`
 * is wrapped once per process (it records only inside a block). A pool still connecting for the
 * block counts as work in flight, so a statement that waits for a new connection is not missed.
 */
function installOnNodePostgres(): void {
  if (nodePostgresInstalled) return;
  nodePostgresInstalled = true;
  const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const finish = begin(
      textOf(args[0]),
      Array.isArray(args[1]) ? args[1] : (args[0] as { values?: unknown })?.values,
    );
    if (!finish) return clientQuery.apply(this, args);
    const callbackAt = args.findIndex((a) => typeof a === 'function');
    if (callbackAt >= 0) {
      const callback = args[callbackAt] as (error: unknown, result: unknown) => void;
      args[callbackAt] = (error: unknown, result: unknown) => {
        finish(result);
        callback(error, result);
      };
      return clientQuery.apply(this, args);
    }
    const answer = clientQuery.apply(this, args);
    if (answer instanceof Promise) return recordWhenSettled(answer, finish);
    finish(undefined);
    return answer;
  } as typeof pg.Client.prototype.query;
  const poolConnect = pg.Pool.prototype.connect as (...args: unknown[]) => unknown;
  pg.Pool.prototype.connect = function (this: pg.Pool, ...args: unknown[]) {
    const recorder = current.getStore();
    if (!recorder) return poolConnect.apply(this, args);
    recorder.inFlight += 1;
    let done = false;
    const release = () => {
      if (!done) recorder.inFlight -= 1;
      done = true;
    };
    const callback = args[0];
    if (typeof callback === 'function') {
      return poolConnect.call(this, (...results: unknown[]) => {
        release();
        (callback as (...r: unknown[]) => void)(...results);
      });
    }
    const answer = poolConnect.apply(this, args) as Promise<unknown>;
    answer.then(release, release);
    return answer;
  } as typeof pg.Pool.prototype.connect;
}
