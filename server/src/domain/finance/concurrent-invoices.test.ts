import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import { fiscalYearOf } from '#shared/fiscal-year';
import { brands, taxInvoices, users } from '../../db/schema/index';
import { logIn } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import { bookingBody, findOffers, payBooking, postBooking } from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { nepalDatesAt } from './nepal-date';
import { takeDocumentNumber } from './take-document-number';

/**
 * 40 agents pay 40 bookings from their wallets at once on PostgreSQL (a pool of connections, so
 * the payments' transactions really overlap), while 10 other transactions take an invoice number
 * and roll back: the invoices are numbered 1…40, none missing, none twice. PGlite is one
 * connection, so the race cannot happen there.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const PAYMENTS = 40;
const ROLLED_BACK = 10;

let t: TestApp;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ RATE_LIMIT_PER_IP: '100000', RATE_LIMIT_PER_ACCOUNT: '100000' });
});
afterAll(() => t?.close());

describe.skipIf(!onPostgres)('invoice numbers under concurrent payments (PostgreSQL)', () => {
  it(`${PAYMENTS} concurrent wallet payments get invoices 1…${PAYMENTS} with no gap, whatever rolls back`, async () => {
    const db = t.app.db;
    const [demoAgent] = await db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
    if (!demoAgent) throw new Error('no demo agent');
    // Agents of one brand, each with their own wallet, so no wallet row lock orders the payments.
    const agents = Array.from({ length: PAYMENTS }, (_, index) => ({
      ...demoAgent,
      id: randomUUID(),
      email: `race-agent-${index}@sajilo.example`,
      mobile: null,
      walletBalance: 0,
    }));
    await db.insert(users).values(agents);
    const offers = await findOffers(t, { cookie: (await logIn(t, agents[0]?.email ?? '')).cookie, days: 14 });
    // Each offer as many times as it has seats (a cheap class may have only a few left).
    const seats = offers.flatMap((offer) => Array.from({ length: offer.seats_left ?? 1 }, () => offer));
    const held: { cookie: string; pnr: string }[] = [];
    for (const [index, agent] of agents.entries()) {
      await topUpWallet(db, agent.email, 10_000_000);
      const { cookie } = await logIn(t, agent.email);
      const offer = seats[index % seats.length];
      if (!offer) throw new Error('no offer');
      const response = await postBooking(t, cookie, bookingBody([offer]));
      expect(response.statusCode, response.body).toBe(200);
      held.push({ cookie, pnr: (response.json().data as Booking).pnr });
    }
    const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.slug, 'sajilo'));
    if (!brand) throw new Error('no brand');
    const fiscalYear = fiscalYearOf(nepalDatesAt(new Date()).bs);
    const doomed = Array.from({ length: ROLLED_BACK }, () =>
      db
        .transaction(async (tx) => {
          await takeDocumentNumber(tx, { brandId: brand.id, series: 'invoice', fiscalYear });
          throw new Error('rolled back after taking a number');
        })
        .catch((error: Error) => error.message),
    );
    const answers = await Promise.all([
      ...held.map(({ cookie, pnr }) => payBooking(t, cookie, pnr, 'wallet').then((r) => r.statusCode)),
      ...doomed,
    ]);
    expect(answers.slice(0, PAYMENTS)).toEqual(Array(PAYMENTS).fill(200));
    expect(answers.slice(PAYMENTS)).toEqual(Array(ROLLED_BACK).fill('rolled back after taking a number'));
    const invoices = await db
      .select({ sequence: taxInvoices.sequence, number: taxInvoices.number })
      .from(taxInvoices)
      .where(eq(taxInvoices.brandId, brand.id))
      .orderBy(asc(taxInvoices.sequence));
    expect(invoices.map((invoice) => invoice.sequence)).toEqual(
      Array.from({ length: PAYMENTS }, (_, i) => i + 1),
    );
    expect(invoices.at(-1)?.number).toBe(`${fiscalYear}-0000${PAYMENTS}`);
  });
});
