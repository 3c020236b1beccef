/**
 * The hot paths' plans at size: 10,000 past bookings (with legs, passengers, events, tickets,
 * wallet debits and their ledger lines) over several accounts, one of them with a long history,
 * analysed. Each statement the hot paths send (captured through real HTTP with the statement
 * counter, with its parameters) is explained: none may scan a booking table whole (Seq Scan), and
 * each read is explained with ANALYZE too, so the rows it reads from them (returned and filtered
 * out) are counted: none may grow with an account's bookings. Counts, not timings
 * (docs/operations.md#query-plans-at-size). Runs on PGlite and on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '#shared/bookings';
import { queryRows } from '../db/client';
import { api, GLOBALIME, logInDemo } from '../test/accounts';
import { bookingBody, findOffer, holdBooking, inDays, payBooking, postBooking } from '../test/bookings';
import { addManyBookings, addUnpaidHolds } from '../test/many-bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../test/payment-sandbox';
import { countQueries, type ExecutedStatement } from '../test/query-counter';
import { startJobQueue } from './budget';

/** The tables that grow with bookings: never scanned whole by a hot path. */
const BOOKING_TABLES = [
  'bookings',
  'booking_legs',
  'booking_passengers',
  'booking_events',
  'tickets',
  'wallet_entries',
  'ledger_lines',
  'payment_attempts',
];
/**
 * The most rows one hot-path read may take from a booking table: a booking's own rows, an
 * account's unpaid holds (at most the hold limit), never an account's history. The heavy account
 * below has 3,000 bookings.
 */
const MAX_ROWS_READ = 50;
const BOOKINGS = 10_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Plan Rows': number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

interface Captured extends ExecutedStatement {
  path: string;
}

let t: SandboxTestApp;
const captured: Captured[] = [];

beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  const agent = await logInDemo(t, 'sajilo', 'agent');
  const customer = await logInDemo(t, 'sajilo', 'customer');
  await startJobQueue(t);
  const accounts = await queryRows<{ id: string }>(
    t.app.db,
    sql`select id from users where email like '%@%.example' and type in ('agent', 'customer', 'sub_agent')
        order by (email = 'agent@sajilo.example') desc, email`,
  );
  await addManyBookings(t.app.db, { count: BOOKINGS, userIds: accounts.map((a) => a.id), heavyShare: 0.3 });
  await t.app.db.execute(sql`analyze`);

  const capture = async (path: string, work: () => Promise<unknown>) => {
    const use = await countQueries(t, work);
    captured.push(...use.executed.map((s) => ({ ...s, path })));
  };
  const searchBody = {
    depart_code: 'KTM',
    dest_code: 'PKR',
    depart_date: inDays(12),
    nationality_code: 'NP',
  };
  await capture('search', () => api(t, { method: 'POST', url: '/flights/search', payload: searchBody }));
  const offer = await findOffer(t, { cookie: agent, days: 12 });
  let pnr = '';
  await capture('hold', async () => {
    const held = await postBooking(t, agent, bookingBody([offer]), randomUUID());
    pnr = held.json().data.pnr;
  });
  await capture('wallet payment', () => payBooking(t, agent, pnr, 'wallet'));
  await capture('cancel', () =>
    api(t, { method: 'POST', url: `/bookings/${pnr}/cancel`, cookie: agent, payload: { confirm: true } }),
  );
  const held = await holdBooking(t, customer, { days: 13 });
  let action: PaymentAction | undefined;
  await capture('gateway start', async () => {
    action = (await payBooking(t, customer, held.pnr, 'esewa')).json().data;
  });
  if (!action) throw new Error('no payment action');
  const returned = await payInSandbox(gatewayAction(action), 'pay');
  await capture('gateway settle', () => followReturn(t.app, returned));
}, 120_000);
afterAll(() => t.close());

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

/** EXPLAIN (FORMAT JSON), with ANALYZE when asked, through the app's own driver. */
async function explain(statement: ExecutedStatement, analyze: boolean): Promise<PlanNode> {
  const client = (
    t.database.db as unknown as {
      $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> };
    }
  ).$client;
  const result = await client.query(
    `explain (${analyze ? 'analyze, ' : ''}format json) ${statement.text}`,
    statement.params,
  );
  const cell = result.rows[0]?.['QUERY PLAN'];
  const document = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  if (!document[0]) throw new Error(`no plan for ${statement.text}`);
  return document[0].Plan;
}

/** The hot paths' own statements (not transaction control, not the job queue's), once each. */
function explainable(): Captured[] {
  const seen = new Set<string>();
  return captured.filter((s) => {
    if (!/^\s*(select|insert|update|delete|with)\b/i.test(s.text) || s.text.includes('pgboss.')) return false;
    if (seen.has(s.text)) return false;
    seen.add(s.text);
    return true;
  });
}

/** A read that may run again for its plan's actual rows (it changes nothing, takes no number). */
const isPlainRead = (s: ExecutedStatement) => /^\s*select\b/i.test(s.text) && !/nextval\(/i.test(s.text);

const describeNode = (n: PlanNode) =>
  `${n['Node Type']} on ${n['Relation Name']}${n['Index Name'] ? ` using ${n['Index Name']}` : ''}`;
const short = (text: string) => text.replace(/\s+/g, ' ').trim().slice(0, 300);

describe(`plans of the hot paths over ${BOOKINGS.toLocaleString('en')} bookings`, () => {
  it('captured every hot path', () => {
    const paths = new Set(captured.map((s) => s.path));
    expect([...paths]).toEqual([
      'search',
      'hold',
      'wallet payment',
      'cancel',
      'gateway start',
      'gateway settle',
    ]);
  });

  it('scans no booking table whole', async () => {
    const found: string[] = [];
    for (const statement of explainable()) {
      const plan = await explain(statement, false);
      for (const node of nodesOf(plan)) {
        if (node['Node Type'].includes('Seq Scan') && BOOKING_TABLES.includes(node['Relation Name'] ?? '')) {
          found.push(`${statement.path}: ${describeNode(node)} in\n  ${short(statement.text)}`);
        }
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  it(`reads at most ${MAX_ROWS_READ} rows of a booking table per statement, however long an account's history`, async () => {
    const found = await readsOverLimit(explainable());
    expect(found, found.join('\n')).toEqual([]);
  });

  // The hold-limit count (spec §16.4) returns one row per unpaid booking and flight of the account:
  // under the platform's limit (3) that is a handful, but an account allowed thousands of unpaid
  // holds (relaxed limits, as the booking benchmark runs) reads all of them under its row lock on
  // every hold. Known, left to the hold path's speed work: docs/operations.md#query-plans-at-size.
  it.fails('reads as little for a hold by an account with 2,000 unpaid holds', async () => {
    const cookie = await logInDemo(t, 'globalime', 'agent');
    const [account] = await queryRows<{ id: string }>(
      t.app.db,
      sql`select id from users where email = 'agent@globalime.example'`,
    );
    if (!account) throw new Error('no globalime agent');
    await addUnpaidHolds(t.app.db, { userId: account.id, count: 2_000 });
    await t.app.db.execute(sql`analyze bookings`);
    const offer = await findOffer(t, { cookie, days: 14, host: GLOBALIME });
    const use = await countQueries(t, () =>
      postBooking(t, cookie, bookingBody([offer]), randomUUID(), GLOBALIME),
    );
    expect(use.result.statusCode).toBe(200);
    const found = await readsOverLimit(use.executed.map((s) => ({ ...s, path: 'hold, 2,000 unpaid' })));
    expect(found, found.join('\n')).toEqual([]);
  });
});

/** Each plain read explained with ANALYZE: the booking-table scans that read more than the limit. */
async function readsOverLimit(statements: Captured[]): Promise<string[]> {
  const found: string[] = [];
  for (const statement of statements.filter(isPlainRead)) {
    const plan = await explain(statement, true);
    for (const node of nodesOf(plan)) {
      if (!BOOKING_TABLES.includes(node['Relation Name'] ?? '')) continue;
      const perLoop =
        (node['Actual Rows'] ?? 0) +
        (node['Rows Removed by Filter'] ?? 0) +
        (node['Rows Removed by Index Recheck'] ?? 0);
      const read = perLoop * (node['Actual Loops'] ?? 1);
      if (read > MAX_ROWS_READ) {
        found.push(
          `${statement.path}: ${describeNode(node)} read ${read} rows in\n  ${short(statement.text)}`,
        );
      }
    }
  }
  return found;
}
