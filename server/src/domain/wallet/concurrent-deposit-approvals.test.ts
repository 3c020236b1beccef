import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, walletEntries } from '../../db/schema/index';
import { api, logInDemo } from '../../test/accounts';
import { walletOf } from '../../test/bookings';
import { addStaffMember } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dateOf, todayInNepal } from '../flight-engine/calendar';
import { checkBooks } from '../ledger/check-books';

/**
 * A deposit request credits the wallet exactly once however many approvals arrive
 * (docs/finance-statements.md#deposit-requests): on PostgreSQL ten approvals at once, each on its own
 * connection, ordered by the request's row lock; on PGlite (one connection) ten in a row. Either
 * way one answers 200 and nine 409 CONFLICT, one top-up is in the ledger and one approval audited.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const AGENT = 'agent@sajilo.example';

let t: TestApp;
let agent: string;
let owner: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  owner = await logInDemo(t, 'sajilo', 'admin');
  finance = (await addStaffMember(t, 'finance', { ownerCookie: owner })).cookie;
}, 60_000);
afterAll(() => t.close());

describe(`ten approvals of one deposit request (${onPostgres ? 'at once, PostgreSQL' : 'in a row, PGlite'})`, () => {
  it('credits the wallet once; the other nine are 409', async () => {
    const reference = `RACE-${Date.now()}`;
    const created = await api(t, {
      method: 'POST',
      url: '/wallet/deposit-requests',
      cookie: agent,
      payload: { amount: 2_500_000, reference, deposited_on: dateOf(todayInNepal()) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    const before = await walletOf(t.app.db, AGENT);

    const approve = (index: number) =>
      api(t, {
        method: 'POST',
        url: `/admin/deposit-requests/${id}/approve`,
        cookie: index % 2 === 0 ? finance : owner,
        payload: { note: `Approval ${index}` },
      });
    const answers = onPostgres
      ? await Promise.all(Array.from({ length: 10 }, (_, index) => approve(index)))
      : [];
    if (!onPostgres) for (let index = 0; index < 10; index++) answers.push(await approve(index));

    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const after = await walletOf(t.app.db, AGENT);
    expect(after.balance).toBe(before.balance + 2_500_000);
    expect(after.ledger).toBe(after.balance);
    const credits = await t.app.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, after.id), eq(walletEntries.reference, reference)));
    expect(credits).toHaveLength(1);
    const approvals = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'deposit_request'), eq(auditLog.entityId, String(id))));
    expect(approvals).toHaveLength(1);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});
