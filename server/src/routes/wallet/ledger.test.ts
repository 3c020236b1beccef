import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WalletEntry } from '#shared/admin-money';
import { api, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import { holdBooking, payBooking, walletOf } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The agent's own ledger on the wallet page (docs/finance-statements.md#the-ledger-on-the-wallet-page):
 * `GET /wallet/entries`, newest first, a page at a time, each entry with its PNR and the balance after
 * it; only the signed-in user's entries, and only for wallet holders.
 */
let t: TestApp;
let agent: string;
const AGENT = 'agent@sajilo.example';

beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  await topUpWallet(t.app.db, AGENT, 5_000_000);
  for (let i = 0; i < 3; i++) {
    const held = await holdBooking(t, agent, { days: 5 + i });
    const paid = await payBooking(t, agent, held.pnr, 'wallet');
    if (paid.statusCode !== 200) throw new Error(paid.body);
  }
});
afterAll(() => t.close());

const page = (query: string, cookie = agent) =>
  api(t, { method: 'GET', url: `/wallet/entries?${query}`, cookie });

describe("the agent's ledger", () => {
  it('pages the entries newest first, each balance the one before plus its amount, the first the wallet’s', async () => {
    const first = await page('page=1&pageSize=2');
    expect(first.statusCode, first.body).toBe(200);
    const data = first.json().data;
    const wallet = await walletOf(t.app.db, AGENT);
    expect(data).toMatchObject({ page: 1, pageSize: 2, balance: wallet.balance, currency: 'NPR' });
    expect(data.total).toBeGreaterThanOrEqual(4);
    const all: WalletEntry[] = [];
    for (let n = 1; n <= Math.ceil(data.total / 2); n++)
      all.push(...(await page(`page=${n}&pageSize=2`)).json().data.items);
    expect(all).toHaveLength(data.total);
    expect(all[0]?.balance).toBe(wallet.balance);
    expect(all.filter((e) => e.kind === 'booking_debit' && e.pnr).length).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < all.length - 1; i++) {
      const [newer, older] = [all[i] as WalletEntry, all[i + 1] as WalletEntry];
      expect(newer.id).toBeGreaterThan(older.id);
      expect(newer.balance).toBe(older.balance + newer.amount);
    }
  });

  it('shows no one else’s entries, refuses travellers and nobody, and names a bad page', async () => {
    const other = await logInDemo(t, 'globalime', 'agent');
    const theirs = await api(t, {
      method: 'GET',
      url: '/wallet/entries',
      cookie: other,
      host: 'globalime.localhost',
    });
    expect(theirs.statusCode).toBe(200);
    const mine = new Set(((await page('pageSize=100')).json().data.items as WalletEntry[]).map((e) => e.id));
    expect((theirs.json().data.items as WalletEntry[]).some((e) => mine.has(e.id))).toBe(false);
    expect((await page('', await logInDemo(t, 'sajilo', 'customer'))).statusCode).toBe(403);
    expect((await page('', '')).statusCode).toBe(401);
    const bad = await page('page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('page');
  });
});
