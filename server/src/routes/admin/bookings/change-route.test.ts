import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChangeResponse } from '#shared/admin-bookings';
import type { ChangeOptions } from '#shared/booking-changes';
import type { Booking, PaymentAction } from '#shared/bookings';
import type { TaxInvoice } from '#shared/finance';
import { MIGRATIONS_FOLDER } from '../../../db/client';
import { auditLog, bookingChanges, bookings, ledgerLines, walletEntries } from '../../../db/schema/index';
import { checkBooks } from '../../../domain/ledger/check-books';
import { postWalletEntry } from '../../../domain/wallet/post-wallet-entry';
import { api, demoUserEmail, logInDemo } from '../../../test/accounts';
import { asAdmin, GLOBALIME } from '../../../test/admin';
import { bookingBody, findOffers, inDays, payBooking, postBooking, walletOf } from '../../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../../test/payment-sandbox';

/**
 * The console's date change (docs/bookings.md#date-change-and-reissue): an admin quotes and confirms moving a
 * leg of any of the brand's ticketed bookings. An agent's booking is charged to the agent's wallet; a
 * traveller's (paid through eSewa) is recorded as collected by the agency. Both reissue the tickets
 * citing the exchanged ones, issue the change's invoice and write the audit log.
 */
let t: SandboxTestApp;
let agent: string;
let customer: string;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
  admin = await logInDemo(t, 'sajilo', 'admin');
  otherAdmin = await logInDemo(t, 'globalime', 'admin');
  const wallet = await walletOf(t.app.db, demoUserEmail('sajilo', 'agent'));
  await t.app.db.transaction((tx) =>
    postWalletEntry(tx, {
      userId: wallet.id,
      kind: 'top_up',
      amount: 5_000_000,
      currency: 'NPR',
      reference: `test-${randomUUID()}`,
    }),
  );
}, 120_000);
afterAll(() => t.close());

const get = (cookie: string, url: string) => api(t, { method: 'GET', url, cookie });

/** Holds a direct KTM→PKR Apex offer for one adult `days` ahead (Apex allows changes for a fee). */
async function holdApex(cookie: string, days: number): Promise<string> {
  const offer = (await findOffers(t, { cookie, days })).find((o) => o.fare.family === 'Apex');
  if (!offer) throw new Error('no Apex offer');
  const held = await postBooking(t, cookie, bookingBody([offer]), randomUUID());
  expect(held.statusCode, held.body).toBe(200);
  return held.json().data.pnr as string;
}

/** The console's change options of leg 0 on `days` ahead: the first, with its quote. */
async function firstOption(pnr: string, days: number) {
  const answer = await asAdmin(
    t,
    admin,
    'GET',
    `/admin/bookings/${pnr}/change-options?leg_index=0&date=${inDays(days)}`,
  );
  expect(answer.statusCode, answer.body).toBe(200);
  const option = (answer.json().data as ChangeOptions).options[0];
  if (!option) throw new Error('no change options');
  return option;
}

describe('an agent’s booking changed in the console', () => {
  let pnr: string;
  let before: Booking;

  beforeAll(async () => {
    pnr = await holdApex(agent, 30);
    expect((await payBooking(t, agent, pnr, 'wallet')).statusCode).toBe(200);
    before = (await get(agent, `/bookings/${pnr}`)).json().data;
    expect(before.status).toBe('ticketed');
  });

  it('quotes as the agent would be quoted, writing nothing', async () => {
    const option = await firstOption(pnr, 33);
    const own = await get(agent, `/bookings/${pnr}/change-options?leg_index=0&date=${inDays(33)}`);
    const agentsOwn = (own.json().data as ChangeOptions).options.find((o) => o.offer.id === option.offer.id);
    // Priced for the booker (the agent's commission), not for the admin.
    expect(agentsOwn?.quote).toEqual(option.quote);
    expect(option.quote.amount_due).toBeGreaterThan(0);
    const quoted = await asAdmin(t, admin, 'POST', `/admin/bookings/${pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
      total: option.offer.price.total,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ quote: { ...option.quote, payment: 'wallet' }, detail: null });
    expect(await t.app.db.select().from(bookingChanges)).toEqual([]);
  });

  it('another brand’s admin does not find the booking', async () => {
    const option = await firstOption(pnr, 33);
    const other = await asAdmin(
      t,
      otherAdmin,
      'POST',
      `/admin/bookings/${pnr}/change`,
      { leg_index: 0, offer_id: option.offer.id, confirm: true },
      GLOBALIME,
    );
    expect(other.statusCode).toBe(404);
    const options = await asAdmin(
      t,
      otherAdmin,
      'GET',
      `/admin/bookings/${pnr}/change-options?leg_index=0&date=${inDays(33)}`,
      undefined,
      GLOBALIME,
    );
    expect(options.statusCode).toBe(404);
  });

  it('confirmed: the agent’s wallet pays, new tickets cite the old ones, an invoice and an audit entry', async () => {
    const option = await firstOption(pnr, 33);
    const walletBefore = await walletOf(t.app.db, demoUserEmail('sajilo', 'agent'));
    const confirmed = await asAdmin(t, admin, 'POST', `/admin/bookings/${pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
      total: option.offer.price.total,
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json().data as AdminChangeResponse;
    expect(answer.quote).toMatchObject({ amount_due: option.quote.amount_due, payment: 'wallet' });

    const walletAfter = await walletOf(t.app.db, demoUserEmail('sajilo', 'agent'));
    expect(walletAfter.balance).toBe(walletBefore.balance - option.quote.amount_due);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);

    const after = answer.detail?.booking as Booking;
    expect(after.legs[0]?.segments[0]?.depart_at.slice(0, 10)).toBe(inDays(33));
    const reissued = after.tickets.filter((x) => x.status === 'open');
    expect(reissued.map((x) => x.reissued_from).sort()).toEqual(
      before.tickets.map((x) => x.ticket_number).sort(),
    );
    expect(after.tickets.filter((x) => x.status === 'exchanged')).toHaveLength(before.tickets.length);
    expect(after.history.at(-1)?.note).toContain('paid from the wallet');
    expect(after.history.at(-1)?.by).toContain('(agency)');
    // The wallet movement shows on the console's booking detail.
    expect(answer.detail?.walletEntries.some((e) => e.kind === 'change_debit')).toBe(true);

    // The agent sees the same booking and downloads the change's invoice.
    const own = (await get(agent, `/bookings/${pnr}`)).json().data as Booking;
    expect(own.tickets).toEqual(after.tickets);
    const invoice = await get(
      agent,
      `/bookings/${pnr}/invoices/${encodeURIComponent(answer.invoice_number ?? '')}?format=json`,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    expect((invoice.json().data as TaxInvoice).total).toBe(option.quote.amount_due);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking.change'), eq(auditLog.entityId, pnr)));
    expect(audit).toMatchObject({
      actorLabel: demoUserEmail('sajilo', 'admin'),
      before: { flights: option.quote.from_flights },
      after: {
        flights: option.quote.to_flights,
        amountDue: option.quote.amount_due,
        paidWith: 'wallet',
        invoiceNumber: answer.invoice_number,
      },
    });
  });
});

describe('a traveller’s gateway-paid booking changed in the console', () => {
  let pnr: string;
  let before: Booking;

  beforeAll(async () => {
    pnr = await holdApex(customer, 31);
    const action = (await payBooking(t, customer, pnr, 'esewa')).json().data as PaymentAction;
    await followReturn(t.app, await payInSandbox(gatewayAction(action), 'pay'));
    before = (await get(customer, `/bookings/${pnr}`)).json().data;
    expect(before).toMatchObject({ status: 'ticketed', paid_with: 'esewa' });
  });

  it('the traveller cannot pay a change themselves; the agency records it as collected from them', async () => {
    const option = await firstOption(pnr, 34);
    const own = await api(t, {
      method: 'POST',
      url: `/bookings/${pnr}/change`,
      cookie: customer,
      payload: { leg_index: 0, offer_id: option.offer.id, confirm: true },
    });
    expect(own.statusCode).toBe(409);
    expect(own.json().data.code).toBe('CHANGE_PAYMENT_UNAVAILABLE');

    const quoted = await asAdmin(t, admin, 'POST', `/admin/bookings/${pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
    });
    expect(quoted.json().data.quote).toMatchObject({
      amount_due: option.quote.amount_due,
      payment: 'agency',
    });

    const entriesBefore = await t.app.db.select().from(walletEntries);
    const confirmed = await asAdmin(t, admin, 'POST', `/admin/bookings/${pnr}/change`, {
      leg_index: 0,
      offer_id: option.offer.id,
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const answer = confirmed.json().data as AdminChangeResponse;
    expect(answer.quote.payment).toBe('agency');
    expect(answer.invoice_number).toBeTruthy();
    // No wallet moved: the agency collected the amount from the traveller itself.
    expect(await t.app.db.select().from(walletEntries)).toHaveLength(entriesBefore.length);
    const [change] = await t.app.db
      .select()
      .from(bookingChanges)
      .where(sql`${bookingChanges.bookingId} = (select id from bookings where pnr = ${pnr})`);
    expect(change).toMatchObject({ paidWith: 'agency', amount: option.quote.amount_due });

    // In the books: the agency holds the money outside the app, the brand's sales earned it.
    const [booking] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, pnr));
    const lines = await t.app.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amount, currency: ledgerLines.currency })
      .from(ledgerLines)
      .where(eq(ledgerLines.bookingChangeId, change?.id ?? ''));
    expect(lines).toHaveLength(2);
    expect(lines).toEqual(
      expect.arrayContaining([
        {
          account: `brand:${booking?.brandId}:agency-collected`,
          amount: -option.quote.amount_due,
          currency: 'NPR',
        },
        { account: `brand:${booking?.brandId}:sales`, amount: option.quote.amount_due, currency: 'NPR' },
      ]),
    );
    const books = await checkBooks(t.app.db);
    expect(books.problems).toEqual([]);
    expect(books.accounts).toContainEqual({
      account: `brand:${booking?.brandId}:agency-collected`,
      currency: 'NPR',
      balance: -option.quote.amount_due,
    });
    // A journal lost or changed is caught (inside a transaction rolled back).
    const rolledBack = new Error('rolled back');
    for (const tamper of [
      sql`delete from ledger_lines where booking_change_id = ${change?.id}`,
      sql`update ledger_lines set amount = amount + 1 where booking_change_id = ${change?.id} and account like '%:agency-collected'`,
    ]) {
      await t.app.db
        .transaction(async (tx) => {
          await tx.execute(tamper);
          const problems = (await checkBooks(tx)).problems.join('\n');
          expect(problems).toContain('date change collected by the agency without its journal');
          throw rolledBack;
        })
        .catch((error) => {
          if (error !== rolledBack) throw error;
        });
    }
    // The migration's backfill writes the same journal for a change collected before it.
    const text = readFileSync(join(MIGRATIONS_FOLDER, '0034_books_agency_collected_changes.sql'), 'utf8');
    const backfill = text.slice(text.indexOf('-- The changes the agency collected before this migration'));
    await t.app.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from ledger_lines where booking_change_id is not null`);
        expect((await checkBooks(tx)).problems).not.toEqual([]);
        await tx.execute(sql.raw(backfill));
        const again = await tx
          .select({
            account: ledgerLines.account,
            amount: ledgerLines.amount,
            currency: ledgerLines.currency,
          })
          .from(ledgerLines)
          .where(eq(ledgerLines.bookingChangeId, change?.id ?? ''));
        expect(again).toHaveLength(2);
        expect(again).toEqual(expect.arrayContaining(lines));
        expect((await checkBooks(tx)).problems).toEqual([]);
        throw rolledBack;
      })
      .catch((error) => {
        if (error !== rolledBack) throw error;
      });
    expect((await checkBooks(t.app.db)).problems).toEqual([]);

    const after = (await get(customer, `/bookings/${pnr}`)).json().data as Booking;
    expect(after.status).toBe('ticketed');
    expect(
      after.tickets
        .filter((x) => x.status === 'open')
        .map((x) => x.reissued_from)
        .sort(),
    ).toEqual(before.tickets.map((x) => x.ticket_number).sort());
    expect(after.history.at(-1)?.note).toContain('collected by the agency from the traveller');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'booking.change'), eq(auditLog.entityId, pnr)));
    expect(audit?.after).toMatchObject({ paidWith: 'agency', amountDue: option.quote.amount_due });
  });
});
