import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, walletEntries } from '../../../db/schema/index';
import { postWalletEntry } from '../../../domain/wallet/post-wallet-entry';
import { AppError } from '../../../errors';
import { api, GLOBALIME, logInDemo } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { holdBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let agentId: string;

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  const [agent] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
  if (!agent) throw new Error('no demo agent');
  agentId = agent.id;
});
afterAll(() => t.close());

const topUp = (payload: unknown, userId = agentId) =>
  asAdmin(t, sessions.sajiloAdmin, 'POST', `/admin/users/${userId}/wallet/top-ups`, payload);

async function ledgerOf(userId: string) {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
  const [sum] = await t.app.db
    .select({ total: sql<string>`coalesce(sum(${walletEntries.amount}), 0)::text` })
    .from(walletEntries)
    .where(eq(walletEntries.userId, userId));
  return { balance: user?.walletBalance ?? Number.NaN, ledger: Number(sum?.total) };
}

describe('wallet top-ups', () => {
  it('credits the wallet once per reference, audits old → new balance', async () => {
    const before = await ledgerOf(agentId);
    const first = await topUp({ amount: 250_050, reference: 'NIC-DEP-1001', note: 'Cash at counter' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      replayed: false,
      balance: before.balance + 250_050,
      entry: {
        kind: 'top_up',
        amount: 250_050,
        reference: 'NIC-DEP-1001',
        balance: before.balance + 250_050,
      },
    });
    const again = await topUp({ amount: 250_050, reference: 'NIC-DEP-1001' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ replayed: true, entry: { id: first.json().data.entry.id } });
    const other = await topUp({ amount: 100, reference: 'NIC-DEP-1001' });
    expect(other.statusCode).toBe(409);
    expect(other.json().data.fields).toHaveProperty('reference');
    const after = await ledgerOf(agentId);
    expect(after.balance).toBe(before.balance + 250_050);
    expect(after.ledger).toBe(after.balance);

    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'wallet.top-up'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorLabel: 'admin@sajilo.example',
      entityId: agentId,
      before: { walletBalance: before.balance },
      after: { walletBalance: before.balance + 250_050, amount: 250_050, reference: 'NIC-DEP-1001' },
    });
  });

  it('answers 400 naming the field for a negative, zero, fractional or missing amount and reference', async () => {
    for (const amount of [-100, 0, 10.5, '100', null]) {
      const response = await topUp({ amount, reference: `R-${String(amount)}` });
      expect(response.statusCode, String(amount)).toBe(400);
      expect(response.json().data.fields, String(amount)).toHaveProperty('amount');
    }
    const noReference = await topUp({ amount: 100, reference: '  ' });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().data.fields).toHaveProperty('reference');
  });

  it('refuses travellers (400) and answers 404 for unknown or other brand users', async () => {
    const [customer] = await t.app.db.select().from(users).where(eq(users.email, 'customer@sajilo.example'));
    const response = await topUp({ amount: 100, reference: 'C-1' }, customer?.id);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toHaveProperty('id');
    const [bAgent] = await t.app.db.select().from(users).where(eq(users.email, 'agent@globalime.example'));
    expect((await topUp({ amount: 100, reference: 'B-1' }, bAgent?.id)).statusCode).toBe(404);
    expect(
      (await topUp({ amount: 100, reference: 'B-1' }, '00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404);
    const fromB = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'GET',
      `/admin/users/${agentId}/wallet/entries`,
      undefined,
      GLOBALIME,
    );
    expect(fromB.statusCode).toBe(404);
  });

  it('lists the ledger newest first with running balances, and pays bookings from it', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const booking = await holdBooking(t, agent);
    const paid = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/payments`,
      cookie: agent,
      payload: { method: 'wallet' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const page = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/users/${agentId}/wallet/entries?pageSize=2`,
    );
    expect(page.statusCode).toBe(200);
    const data = page.json().data;
    const { balance } = await ledgerOf(agentId);
    expect(data.balance).toBe(balance);
    expect(data.items[0]).toMatchObject({ kind: 'booking_debit', pnr: booking.pnr, balance });
    expect(data.items[1].balance).toBe(balance - data.items[0].amount);
    expect(data.total).toBeGreaterThanOrEqual(3);
  });

  it('exports the whole ledger as CSV with escaping, rupees and paisa', async () => {
    await topUp({ amount: 5, reference: 'REF,"quoted"', note: '=HYPERLINK("x")\nsecond line' });
    const response = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/users/${agentId}/wallet/entries.csv`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="wallet-[^"]+\.csv"$/);
    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe(
      'date (Asia/Kathmandu),kind,reference,pnr,note,currency,amount,balance,amount_minor,balance_minor',
    );
    expect(response.body).toContain(`top_up,"REF,""quoted""",,"'=HYPERLINK(""x"")\nsecond line",NPR,0.05,`);
    expect(response.body).toMatch(
      /top_up,NIC-DEP-1001,,Cash at counter,NPR,2500\.50,[0-9]+\.[0-9]{2},250050,/,
    );
    expect(response.body).toMatch(/booking_debit,,[A-Z2-9]{6},[^,]*,NPR,-[0-9]+\.[0-9]{2},/);
  });
});

describe('the balance always equals the sum of the ledger', () => {
  it('holds over random sequences of top-ups, debits and refunds', async () => {
    const [fresh] = await t.app.db
      .insert(users)
      .values({
        brandId: (
          await t.app.db.select({ brandId: users.brandId }).from(users).where(eq(users.id, agentId))
        )[0]?.brandId as string,
        type: 'agent',
        firstName: 'Prop',
        lastName: 'Agent',
        email: 'prop-agent@example.com',
      })
      .returning({ id: users.id });
    const userId = fresh?.id as string;
    let reference = 0;
    const step = fc.oneof(
      fc.record({ kind: fc.constant('top_up' as const), amount: fc.integer({ min: -5, max: 5_000_000 }) }),
      fc.record({
        kind: fc.constant('booking_debit' as const),
        amount: fc.integer({ min: 1, max: 3_000_000 }),
      }),
      fc.record({
        kind: fc.constant('refund_credit' as const),
        amount: fc.integer({ min: 1, max: 1_000_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const before = await ledgerOf(userId);
          if (s.kind === 'top_up') {
            const response = await topUp({ amount: s.amount, reference: `P-${reference++}` }, userId);
            expect(response.statusCode).toBe(s.amount > 0 ? 200 : 400);
          } else {
            const amount = s.kind === 'booking_debit' ? -s.amount : s.amount;
            try {
              await t.app.db.transaction((tx) =>
                postWalletEntry(tx, { userId, kind: s.kind, amount, currency: 'NPR' }),
              );
              expect(before.balance + amount).toBeGreaterThanOrEqual(0);
            } catch (error) {
              expect(error).toBeInstanceOf(AppError);
              expect((error as AppError).code).toBe('INSUFFICIENT_FUNDS');
              expect(before.balance + amount).toBeLessThan(0);
            }
          }
          const after = await ledgerOf(userId);
          expect(after.balance).toBe(after.ledger);
          expect(after.balance).toBeGreaterThanOrEqual(0);
        }
        const page = await asAdmin(
          t,
          sessions.sajiloAdmin,
          'GET',
          `/admin/users/${userId}/wallet/entries?pageSize=1`,
        );
        const { balance } = await ledgerOf(userId);
        expect(page.json().data.items[0]?.balance ?? 0).toBe(balance);
      }),
      { numRuns: 15 },
    );
  });
});
