import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { CreditNote, TaxInvoice } from '#shared/finance';
import { MIGRATIONS_FOLDER } from '../../db/client';
import {
  bookings,
  creditNotes,
  ledgerLines,
  paymentAttempts,
  refunds,
  taxInvoices,
} from '../../db/schema/index';
import { type BooksReport, checkBooks } from '../../domain/ledger/check-books';
import { api, logInDemo } from '../../test/accounts';
import { holdBooking, payBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  paidAtGateway,
  type SandboxTestApp,
} from '../../test/payment-sandbox';

/**
 * Every money movement is double-entry (docs/finance-statements.md#the-books-double-entry). A gateway
 * payment, its refund, a tax invoice's VAT and a credit note's share of it each write their journal in
 * `ledger_lines`, and `checkBooks` (`npm run check:books`) balances them against the payments, refunds and
 * documents.
 */

let t: SandboxTestApp;
let agent: string;
let customer: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => api(t, { method: 'GET', url, cookie });

async function rowsOf(pnr: string) {
  const [booking] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, pnr));
  if (!booking) throw new Error(`no booking ${pnr}`);
  const attempts = await t.app.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, booking.id));
  const owed = await t.app.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
  return { booking, attempts, refunds: owed };
}

/** One journal's lines as `{ account, amount, currency }`, by account. */
async function journal(where: ReturnType<typeof eq>) {
  const lines = await t.app.db
    .select({ account: ledgerLines.account, amount: ledgerLines.amount, currency: ledgerLines.currency })
    .from(ledgerLines)
    .where(where);
  return lines.sort((a, b) => a.account.localeCompare(b.account));
}

const balanceOf = (report: BooksReport, account: string) =>
  report.accounts.find((a) => a.account === account && a.currency === 'NPR')?.balance ?? 0;

describe('the books of gateway payments, refunds and VAT', () => {
  it('an eSewa payment, its invoice, the cancellation’s credit note: each a balanced journal', async () => {
    const before = await checkBooks(t.app.db);
    expect(before.problems).toEqual([]);
    const held = await holdBooking(t, customer, { days: 16 });
    await followReturn(t.app, await paidAtGateway(t, customer, held.pnr, 'esewa'));
    const paid = (await get(customer, `/bookings/${held.pnr}`)).json().data as Booking;
    expect(paid).toMatchObject({ status: 'ticketed', paid_with: 'esewa' });

    const { booking, attempts } = await rowsOf(held.pnr);
    const [attempt] = attempts;
    if (!attempt) throw new Error('no attempt');
    expect(attempt.status).toBe('paid');
    const sales = `brand:${booking.brandId}:sales`;
    const vat = `tax:${booking.brandId}:vat`;
    // The gateway holds the payment; the brand's sales earned it.
    expect(await journal(eq(ledgerLines.paymentAttemptId, attempt.id))).toEqual([
      { account: sales, amount: attempt.amountPaisa, currency: 'NPR' },
      { account: 'gateway:esewa', amount: -attempt.amountPaisa, currency: 'NPR' },
    ]);
    expect(attempt.amountPaisa).toBe(paid.price.total);

    // The invoice's VAT leaves the sales for the tax office.
    const invoiceResponse = await get(customer, `/bookings/${held.pnr}/invoice?format=json`);
    expect(invoiceResponse.statusCode, invoiceResponse.body).toBe(200);
    const invoice = invoiceResponse.json().data as TaxInvoice;
    expect(invoice.vat).toBeGreaterThan(0);
    const [invoiceRow] = await t.app.db
      .select()
      .from(taxInvoices)
      .where(eq(taxInvoices.number, invoice.number));
    expect(await journal(eq(ledgerLines.taxInvoiceId, invoiceRow?.id ?? ''))).toEqual([
      { account: sales, amount: -invoice.vat, currency: 'NPR' },
      { account: vat, amount: invoice.vat, currency: 'NPR' },
    ]);
    const afterSale = await checkBooks(t.app.db);
    expect(afterSale.problems).toEqual([]);
    expect(balanceOf(afterSale, 'gateway:esewa')).toBe(
      balanceOf(before, 'gateway:esewa') - attempt.amountPaisa,
    );
    expect(balanceOf(afterSale, vat)).toBe(balanceOf(before, vat) + invoice.vat);
    expect(balanceOf(afterSale, sales)).toBe(balanceOf(before, sales) + attempt.amountPaisa - invoice.vat);

    // Cancelled: the credit note gives its share of VAT back to the sales; the eSewa refund is
    // still to be made from the merchant panel, so the gateway still holds the payment.
    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: customer,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [note] = (await get(customer, `/bookings/${held.pnr}/credit-notes`)).json().data as CreditNote[];
    if (!note) throw new Error('no credit note');
    expect(note.vat).toBeGreaterThan(0);
    const [noteRow] = await t.app.db.select().from(creditNotes).where(eq(creditNotes.number, note.number));
    expect(await journal(eq(ledgerLines.creditNoteId, noteRow?.id ?? ''))).toEqual([
      { account: sales, amount: note.vat, currency: 'NPR' },
      { account: vat, amount: -note.vat, currency: 'NPR' },
    ]);
    const [refund] = (await rowsOf(held.pnr)).refunds;
    expect(refund).toMatchObject({ method: 'esewa', status: 'pending' });
    expect(await journal(eq(ledgerLines.refundId, refund?.id ?? ''))).toEqual([]);

    const afterCancel = await checkBooks(t.app.db);
    expect(afterCancel.problems).toEqual([]);
    expect(balanceOf(afterCancel, 'gateway:esewa')).toBe(balanceOf(afterSale, 'gateway:esewa'));
    expect(balanceOf(afterCancel, vat)).toBe(balanceOf(afterSale, vat) - note.vat);
  });

  it('a Khalti payment in excess, refunded through Khalti: captured and refunded, the gateway back where it was', async () => {
    const before = await checkBooks(t.app.db);
    const held = await holdBooking(t, agent, { days: 17 });
    const returned = await paidAtGateway(t, agent, held.pnr, 'khalti');
    expect((await payBooking(t, agent, held.pnr, 'wallet')).statusCode).toBe(200);
    await followReturn(t.app, returned);

    const { booking, attempts, refunds: owed } = await rowsOf(held.pnr);
    const [attempt] = attempts;
    const [refund] = owed;
    if (!attempt || !refund) throw new Error('no attempt or refund');
    expect(attempt.status).toBe('excess');
    expect(refund).toMatchObject({ method: 'khalti', status: 'completed', amount: attempt.amountPaisa });
    const sales = `brand:${booking.brandId}:sales`;
    expect(await journal(eq(ledgerLines.paymentAttemptId, attempt.id))).toEqual([
      { account: sales, amount: attempt.amountPaisa, currency: 'NPR' },
      { account: 'gateway:khalti', amount: -attempt.amountPaisa, currency: 'NPR' },
    ]);
    expect(await journal(eq(ledgerLines.refundId, refund.id))).toEqual([
      { account: sales, amount: -refund.amount, currency: 'NPR' },
      { account: 'gateway:khalti', amount: refund.amount, currency: 'NPR' },
    ]);
    const after = await checkBooks(t.app.db);
    expect(after.problems).toEqual([]);
    expect(balanceOf(after, 'gateway:khalti')).toBe(balanceOf(before, 'gateway:khalti'));
    expect(after.journals).toBeGreaterThan(before.journals);
  });

  it('the check finds a gateway journal, a refund and a VAT line that do not balance', async () => {
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
    await t.app.db
      .transaction(async (tx) => {
        await tx
          .update(ledgerLines)
          .set({ amount: sql`${ledgerLines.amount} + 1` })
          .where(sql`${ledgerLines.refundId} is not null and ${ledgerLines.account} like 'gateway:%'`);
        await tx.delete(ledgerLines).where(sql`${ledgerLines.account} like 'tax:%'`);
        await tx
          .delete(ledgerLines)
          .where(sql`${ledgerLines.paymentAttemptId} is not null and ${ledgerLines.account} like 'brand:%'`);
        const broken = await checkBooks(tx);
        const found = (label: string) => broken.problems.some((p) => p.startsWith(label));
        expect(found('journal whose lines do not sum to zero')).toBe(true);
        expect(found('currency whose accounts do not sum to zero')).toBe(true);
        expect(found('captured gateway payment without its journal')).toBe(true);
        expect(found('completed gateway refund without its journal')).toBe(true);
        expect(found('gateway account is not its captured payments less its completed refunds')).toBe(true);
        expect(found('tax document whose VAT is not in its journal')).toBe(true);
        expect(found("brand's VAT account is not its invoices' VAT less its credit notes'")).toBe(true);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });

  it('the migration writes the same journals for payments, refunds and documents recorded before it', async () => {
    const text = readFileSync(join(MIGRATIONS_FOLDER, '0030_books_gateways_vat.sql'), 'utf8');
    const backfill = text
      .slice(text.indexOf('-- Hand-written: the payments, refunds and documents recorded before'))
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) => statement.length > 0);
    expect(backfill).toHaveLength(4);
    const lines = (db: typeof t.app.db) =>
      db
        .select({
          paymentAttemptId: ledgerLines.paymentAttemptId,
          refundId: ledgerLines.refundId,
          taxInvoiceId: ledgerLines.taxInvoiceId,
          creditNoteId: ledgerLines.creditNoteId,
          brandId: ledgerLines.brandId,
          account: ledgerLines.account,
          amount: ledgerLines.amount,
          currency: ledgerLines.currency,
        })
        .from(ledgerLines)
        .where(isNull(ledgerLines.walletEntryId))
        .orderBy(ledgerLines.account, ledgerLines.amount, sql`${ledgerLines.id}`);
    const written = await lines(t.app.db);
    expect(written.some((line) => line.paymentAttemptId)).toBe(true);
    expect(written.some((line) => line.refundId)).toBe(true);
    expect(written.some((line) => line.taxInvoiceId)).toBe(true);
    expect(written.some((line) => line.creditNoteId)).toBe(true);
    const key = (line: (typeof written)[number]) => JSON.stringify(line);
    await t.app.db
      .transaction(async (tx) => {
        // As before the migration: only the wallet's journals.
        await tx.delete(ledgerLines).where(isNull(ledgerLines.walletEntryId));
        expect((await checkBooks(tx)).problems).not.toEqual([]);
        for (const statement of backfill) await tx.execute(sql.raw(statement));
        expect((await lines(tx)).map(key).sort()).toEqual(written.map(key).sort());
        expect((await checkBooks(tx)).problems).toEqual([]);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message.includes('Rollback'))) throw error;
      });
  });
});
