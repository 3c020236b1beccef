import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { bookings, users } from '../../db/schema/index';
import type { AppError } from '../../errors';
import { GLOBALIME, logInDemo } from '../../test/accounts';
import { holdBooking, payBooking, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkBooks } from '../ledger/check-books';
import { postWalletEntry } from './post-wallet-entry';

/**
 * Concurrent wallet debits against a credit limit on PostgreSQL (each request its own connection):
 * the user's row lock in `postWalletEntry` orders them, so the balance never goes below minus the
 * limit. PGlite has one connection, so nothing runs at the same time there: skipped.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('credit limit under concurrent wallet payments (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  async function emptyWalletWithCredit(email: string, creditLimit: number): Promise<string> {
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no ${email}`);
    await t.app.db.transaction(async (tx) => {
      if (user.walletBalance > 0)
        await postWalletEntry(tx, {
          userId: user.id,
          kind: 'booking_debit',
          amount: -user.walletBalance,
          currency: user.walletCurrency,
        });
      await tx.update(users).set({ walletCreditLimit: creditLimit }).where(eq(users.id, user.id));
    });
    return user.id;
  }

  it('60 debits at once: exactly as many as the limit allows, the rest CREDIT_LIMIT_EXCEEDED', async () => {
    const limit = 10_000;
    const userId = await emptyWalletWithCredit('agent@sajilo.example', limit);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, () =>
        t.app.db.transaction((tx) =>
          postWalletEntry(tx, { userId, kind: 'booking_debit', amount: -700, currency: 'NPR' }),
        ),
      ),
    );
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(done).toHaveLength(Math.floor(limit / 700));
    for (const r of refused)
      expect(((r as PromiseRejectedResult).reason as AppError).code).toBe('CREDIT_LIMIT_EXCEEDED');
    const wallet = await walletOf(t.app.db, 'agent@sajilo.example');
    expect(wallet.balance).toBe(-700 * Math.floor(limit / 700));
    expect(wallet.balance).toBeGreaterThanOrEqual(-limit);
    expect(wallet.ledger).toBe(wallet.balance);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });

  it('8 bookings paid at once over HTTP on 2½ bookings of credit: 2 paid, 6 refused and still held', async () => {
    const cookie = await logInDemo(t, 'globalime', 'agent');
    const held: Booking[] = [];
    for (let i = 0; i < 8; i++) held.push(await holdBooking(t, cookie, { days: 20 + i, host: GLOBALIME }));
    const due = held.map((b) => b.price.commission?.net_total ?? b.price.total);
    const limit = Math.floor(Math.min(...due) * 2.5);
    expect(Math.max(...due) * 2).toBeLessThanOrEqual(limit);
    await emptyWalletWithCredit('agent@globalime.example', limit);

    const responses = await Promise.all(held.map((b) => payBooking(t, cookie, b.pnr, 'wallet', GLOBALIME)));
    const codes = responses.map((r) => (r.statusCode === 200 ? 'paid' : r.json().data.code));
    expect(codes.filter((c) => c === 'paid')).toHaveLength(2);
    expect(codes.filter((c) => c === 'CREDIT_LIMIT_EXCEEDED')).toHaveLength(6);
    const wallet = await walletOf(t.app.db, 'agent@globalime.example');
    expect(wallet.balance).toBeGreaterThanOrEqual(-limit);
    expect(wallet.ledger).toBe(wallet.balance);
    const [counts] = await t.app.db
      .select({
        ticketed: sql<number>`count(*) filter (where ${bookings.status} = 'ticketed')`.mapWith(Number),
        held: sql<number>`count(*) filter (where ${bookings.status} = 'held')`.mapWith(Number),
      })
      .from(bookings)
      .where(sql`${bookings.pnr} in ${held.map((b) => b.pnr)}`);
    expect(counts).toEqual({ ticketed: 2, held: 6 });
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});
