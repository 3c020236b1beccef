import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, walletEntries } from '../../db/schema/index';
import { api, logInDemo } from '../../test/accounts';
import { walletOf } from '../../test/bookings';
import { addStaffMember } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkBooks } from '../ledger/check-books';

/**
 * Four eyes above a threshold (docs/admin.md#four-eyes-approvals): the owner's top-up of NPR 500,000
 * waits (202, the wallet unchanged), the owner may not approve it (403), and another finance
 * member's approval credits the wallet exactly once: on PostgreSQL ten approvals at once, each on
 * its own connection, ordered by the approval's row lock; on PGlite ten in a row.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const AGENT = 'agent@sajilo.example';
const NPR_500_000 = 50_000_000;

let t: TestApp;
let owner: string;
let finance: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await logInDemo(t, 'sajilo', 'admin');
  finance = (await addStaffMember(t, 'finance', { ownerCookie: owner })).cookie;
}, 60_000);
afterAll(() => t.close());

describe(`a top-up above the threshold (${onPostgres ? 'ten approvals at once, PostgreSQL' : 'ten in a row, PGlite'})`, () => {
  it('waits for a second person, refuses the proposer and credits once', async () => {
    const before = await walletOf(t.app.db, AGENT);
    const reference = `FOUR-EYES-${Date.now()}`;
    const proposed = await api(t, {
      method: 'POST',
      url: `/admin/users/${before.id}/wallet/top-ups`,
      cookie: owner,
      payload: { amount: NPR_500_000, reference },
    });
    expect(proposed.statusCode, proposed.body).toBe(202);
    const approval = proposed.json().data.approval;
    expect(approval).toMatchObject({ status: 'pending', action: 'wallet_top_up', amount: NPR_500_000 });
    expect(await walletOf(t.app.db, AGENT)).toEqual(before);

    const byProposer = await api(t, {
      method: 'POST',
      url: `/admin/approvals/${approval.id}/approve`,
      cookie: owner,
    });
    expect(byProposer.statusCode).toBe(403);
    expect(await walletOf(t.app.db, AGENT)).toEqual(before);

    const approve = () =>
      api(t, { method: 'POST', url: `/admin/approvals/${approval.id}/approve`, cookie: finance });
    const answers = onPostgres ? await Promise.all(Array.from({ length: 10 }, approve)) : [];
    if (!onPostgres) for (let index = 0; index < 10; index++) answers.push(await approve());

    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([
      200, 409, 409, 409, 409, 409, 409, 409, 409, 409,
    ]);
    const after = await walletOf(t.app.db, AGENT);
    expect(after.balance).toBe(before.balance + NPR_500_000);
    expect(after.ledger).toBe(after.balance);
    const credits = await t.app.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, after.id), eq(walletEntries.reference, reference)));
    expect(credits).toHaveLength(1);
    const decisions = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'approval'), eq(auditLog.entityId, String(approval.id))));
    expect(decisions.map((entry) => entry.action).sort()).toEqual(['approval.approve', 'approval.propose']);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});
