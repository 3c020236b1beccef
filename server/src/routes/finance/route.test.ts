import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountInWords } from '#shared/amount-in-words';
import { adToBs } from '#shared/bikram-sambat';
import type { Booking } from '#shared/bookings';
import type { CreditNote, SalesRegister, TaxInvoice } from '#shared/finance';
import { fiscalYearOf } from '#shared/fiscal-year';
import { auditLog, creditNotes, taxInvoices } from '../../db/schema/index';
import { nepalDatesAt } from '../../domain/finance/nepal-date';
import { api, GLOBALIME, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import { adult, bookingBody, findOffers, inDays, payBooking, postBooking } from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let agent: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  admin = await logInDemo(t, 'sajilo', 'admin');
  await topUpWallet(t.app.db, 'agent@sajilo.example', 100_000_000);
  await topUpWallet(t.app.db, 'agent@globalime.example', 10_000_000);
});

/** The database's refusal, under the query error drizzle wraps it in. */
async function refusal(query: PromiseLike<unknown>): Promise<string> {
  try {
    await query;
  } catch (error) {
    return String((error as { cause?: { message?: string } }).cause?.message ?? error);
  }
  return 'not refused';
}
afterAll(() => t.close());

const SAJILO_PAN = '609876543';

/** Holds and pays from the wallet; answers the booking as paid. */
async function paidBooking(
  options: { to?: string; passengers?: number; buyerPan?: string; cookie?: string; host?: string } = {},
) {
  const cookie = options.cookie ?? agent;
  const adults = options.passengers ?? 2;
  const offers = await findOffers(t, {
    cookie,
    to: options.to ?? 'PKR',
    days: 12,
    adults,
    host: options.host,
  });
  const offer = offers[0];
  if (!offer) throw new Error('no offer');
  const international = options.to !== undefined && options.to !== 'PKR';
  const traveller = () =>
    adult(international ? { passport_number: 'PA1234567', passport_expiry: inDays(400) } : {});
  const body = {
    ...bookingBody([offer], Array.from({ length: adults }, traveller)),
    ...(options.buyerPan ? { buyer_pan: options.buyerPan } : {}),
  };
  const held = await postBooking(t, cookie, body, undefined, options.host);
  expect(held.statusCode, held.body).toBe(200);
  const { pnr } = held.json().data as Booking;
  const paid = await payBooking(t, cookie, pnr, 'wallet', options.host);
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.booking as Booking;
}

const invoiceOf = async (pnr: string, cookie = agent, host?: string) => {
  const response = await api(t, { method: 'GET', url: `/bookings/${pnr}/invoice?format=json`, cookie, host });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TaxInvoice;
};

const sequenceOf = (number: string) => Number(number.slice(-6));

describe('tax invoices', () => {
  it('an agent pays a two-adult booking from the wallet: its invoice has the fiscal-year number, seller PAN and the receipt’s lines', async () => {
    const booking = await paidBooking();
    const invoice = await invoiceOf(booking.pnr);
    const today = nepalDatesAt(new Date());
    expect(invoice.title).toBe('Tax Invoice');
    expect(invoice.fiscal_year).toBe(fiscalYearOf(today.bs));
    expect(invoice.number).toMatch(new RegExp(`^${invoice.fiscal_year.replace('/', '\\/')}-\\d{6}$`));
    expect(invoice.issued_on_ad).toBe(today.ad);
    expect(adToBs(invoice.issued_on_ad)).toMatchObject({
      year: Number(invoice.issued_on_bs.slice(0, 4)),
      month: Number(invoice.issued_on_bs.slice(5, 7)),
    });
    expect(invoice.seller).toMatchObject({ pan: SAJILO_PAN, vat_number: SAJILO_PAN });
    expect(invoice.seller.address).toContain('Kathmandu');
    expect(invoice.buyer).toEqual({ name: booking.contact.name, pan: null });
    // Domestic: base and fuel are taxable, VAT apart, the service charge non-taxable.
    const [adults] = booking.price.per_passenger;
    if (!adults) throw new Error('no adult price');
    expect(adults.count).toBe(2);
    expect(invoice.taxable).toBe((adults.base + adults.fuel_surcharge) * 2);
    expect(invoice.vat).toBe(adults.vat * 2);
    expect(invoice.vat).toBeGreaterThan(0);
    expect(invoice.non_taxable).toBe(adults.service_charge * 2);
    expect(invoice.export_sales).toBe(0);
    expect(invoice.total).toBe(booking.price.total);
    expect(invoice.vat_percent).toBe(13);
    expect(invoice.total_in_words).toBe(amountInWords(booking.price.total));

    const pdf = await api(t, { method: 'GET', url: `/bookings/${booking.pnr}/invoice`, cookie: agent });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(`PAN: ${SAJILO_PAN}`);
    expect(text).toContain('VAT 13 %');
    expect(text).toContain(invoice.number);
    expect(text).toContain(invoice.issued_on_ad);
    expect(text).toContain(invoice.issued_on_bs);
    expect(text).toContain(invoice.total_in_words);
  });

  it('numbers run on without gaps per brand; another brand has its own series', async () => {
    const first = await invoiceOf((await paidBooking({ passengers: 1 })).pnr);
    const second = await invoiceOf((await paidBooking({ passengers: 1 })).pnr);
    expect(sequenceOf(second.number)).toBe(sequenceOf(first.number) + 1);
    const agentB = await logInDemo(t, 'globalime', 'agent');
    const other = await paidBooking({ passengers: 1, cookie: agentB, host: GLOBALIME });
    const otherInvoice = await invoiceOf(other.pnr, agentB, GLOBALIME);
    expect(sequenceOf(otherInvoice.number)).toBe(1);
    expect(otherInvoice.seller.pan).not.toBe(SAJILO_PAN);
  });

  it('names the buyer’s PAN given at booking, else the one on the buyer’s profile', async () => {
    const givenBooking = await paidBooking({ passengers: 1, buyerPan: '123456789' });
    expect(givenBooking.buyer_pan).toBe('123456789');
    const given = await invoiceOf(givenBooking.pnr);
    expect(given.buyer.pan).toBe('123456789');
    const saved = await api(t, {
      method: 'PUT',
      url: '/me/tax-profile',
      cookie: agent,
      payload: { buyer_name: 'Himal Treks Pvt. Ltd.', pan: '987654321' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fromProfile = await invoiceOf((await paidBooking({ passengers: 1 })).pnr);
    expect(fromProfile.buyer).toEqual({ name: 'Himal Treks Pvt. Ltd.', pan: '987654321' });
    const bad = await api(t, {
      method: 'PUT',
      url: '/me/tax-profile',
      cookie: agent,
      payload: { pan: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('pan');
    const badBooking = await postBooking(t, agent, { ...bookingBody([], [adult()]), buyer_pan: 'ABC' });
    expect(badBooking.statusCode).toBe(400);
    expect(badBooking.json().data.fields).toHaveProperty('buyer_pan');
  });

  it('an international booking: fare and fuel are export sales, the Tourism Service Fee taxable with its VAT', async () => {
    const booking = await paidBooking({ to: 'DEL', passengers: 1 });
    const invoice = await invoiceOf(booking.pnr);
    const [p] = booking.price.per_passenger;
    if (!p) throw new Error('no price');
    expect(invoice.export_sales).toBe(p.base + p.fuel_surcharge);
    expect(invoice.taxable).toBe(p.tourism_service_fee);
    expect(invoice.vat).toBe(p.vat);
    expect(invoice.total).toBe(booking.price.total);
  });

  it('answers 404 before payment and to anyone but the booker; 400 for an unknown format', async () => {
    const offers = await findOffers(t, { cookie: agent, days: 12 });
    const held = await postBooking(t, agent, bookingBody(offers.slice(0, 1)));
    const { pnr } = held.json().data as Booking;
    const unpaid = await api(t, { method: 'GET', url: `/bookings/${pnr}/invoice`, cookie: agent });
    expect(unpaid.statusCode).toBe(404);
    expect(unpaid.json().data.code).toBe('NOT_FOUND');
    const paid = await paidBooking({ passengers: 1 });
    const customer = await logInDemo(t, 'sajilo', 'customer');
    const stranger = await api(t, { method: 'GET', url: `/bookings/${paid.pnr}/invoice`, cookie: customer });
    expect(stranger.statusCode).toBe(404);
    const nobody = await api(t, { method: 'GET', url: `/bookings/${paid.pnr}/invoice` });
    expect(nobody.statusCode).toBe(401);
    const format = await api(t, {
      method: 'GET',
      url: `/bookings/${paid.pnr}/invoice?format=doc`,
      cookie: agent,
    });
    expect(format.statusCode).toBe(400);
    expect(format.json().data.fields).toHaveProperty('format');
  });
});

describe('credit notes', () => {
  it('a refund issues a credit note citing the invoice, in its own series, as JSON and PDF', async () => {
    const booking = await paidBooking();
    const invoice = await invoiceOf(booking.pnr);
    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = cancelled.json().data.quote.refund as number;
    expect(refund).toBeGreaterThan(0);
    const list = await api(t, { method: 'GET', url: `/bookings/${booking.pnr}/credit-notes`, cookie: agent });
    expect(list.statusCode).toBe(200);
    const [note, ...more] = list.json().data as CreditNote[];
    expect(more).toEqual([]);
    if (!note) throw new Error('no credit note');
    expect(note.title).toBe('Credit Note');
    expect(note.number).toMatch(/^CN-\d{4}\/\d{2}-\d{6}$/);
    expect(note.invoice_number).toBe(invoice.number);
    expect(note.total).toBe(refund);
    expect(note.taxable + note.vat + note.non_taxable + note.export_sales).toBe(refund);
    expect(note.buyer).toEqual(invoice.buyer);
    // Each column gives back its share of the refund.
    expect(Math.abs(note.vat - Math.round((invoice.vat * refund) / invoice.total))).toBeLessThanOrEqual(1);

    const pdf = await api(t, {
      method: 'GET',
      url: `/bookings/${booking.pnr}/credit-notes/${encodeURIComponent(note.number)}`,
      cookie: agent,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(note.number);
    expect(text).toContain(invoice.number);
    const unknown = await api(t, {
      method: 'GET',
      url: `/bookings/${booking.pnr}/credit-notes/${encodeURIComponent('CN-2000/01-000001')}`,
      cookie: agent,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('invoices and credit notes cannot be changed or deleted once issued', async () => {
    const booking = await paidBooking({ passengers: 1 });
    const db = t.app.db;
    const [invoice] = await db.select().from(taxInvoices).limit(1);
    if (!invoice) throw new Error('no invoice');
    expect(
      await refusal(db.update(taxInvoices).set({ total: 1 }).where(eq(taxInvoices.id, invoice.id))),
    ).toMatch(/tax documents are immutable: UPDATE on tax_invoices refused/);
    expect(await refusal(db.delete(taxInvoices).where(eq(taxInvoices.id, invoice.id)))).toMatch(
      /immutable: DELETE on tax_invoices/,
    );
    await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    expect(await refusal(db.update(creditNotes).set({ reason: 'changed' }))).toMatch(
      /immutable: UPDATE on credit_notes/,
    );
    const [kept] = await db.select().from(taxInvoices).where(eq(taxInvoices.id, invoice.id));
    expect(kept?.total).toBe(invoice.total);
  });
});

describe('the VAT sales register and the seller’s tax details', () => {
  const thisMonth = () => nepalDatesAt(new Date()).bs;
  const monthText = () => `${thisMonth().year}-${String(thisMonth().month).padStart(2, '0')}`;

  it('lists the month’s invoices and credit notes (negative) as JSON, CSV and XLSX', async () => {
    const booking = await paidBooking({ passengers: 1, buyerPan: '555666777' });
    const invoice = await invoiceOf(booking.pnr);
    await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/cancel`,
      cookie: agent,
      payload: { confirm: true },
    });
    const [note] = (
      await api(t, { method: 'GET', url: `/bookings/${booking.pnr}/credit-notes`, cookie: agent })
    ).json().data as CreditNote[];
    if (!note) throw new Error('no credit note');

    const json = await api(t, {
      method: 'GET',
      url: `/admin/reports/sales-register?month=${monthText()}&format=json`,
      cookie: admin,
    });
    expect(json.statusCode, json.body).toBe(200);
    const register = json.json().data as SalesRegister;
    const invoiceRow = register.rows.find((row) => row.number === invoice.number);
    expect(invoiceRow).toMatchObject({
      kind: 'invoice',
      buyer_pan: '555666777',
      total_sales: invoice.total,
      taxable_amount: invoice.taxable,
      vat: invoice.vat,
      non_taxable_sales: invoice.non_taxable,
      date_bs: invoice.issued_on_bs,
    });
    expect(register.rows.find((row) => row.number === note.number)).toMatchObject({
      kind: 'credit_note',
      total_sales: -note.total,
      vat: -note.vat,
    });
    expect(register.totals.total_sales).toBe(register.rows.reduce((sum, row) => sum + row.total_sales, 0));
    // Every invoice of the brand this month is in it, numbers in order without gaps.
    const invoiceNumbers = register.rows
      .filter((row) => row.kind === 'invoice')
      .map((row) => sequenceOf(row.number));
    expect(invoiceNumbers).toEqual(invoiceNumbers.map((_, index) => (invoiceNumbers[0] ?? 0) + index));

    const csv = await api(t, {
      method: 'GET',
      url: `/admin/reports/sales-register?month=${monthText()}`,
      cookie: admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, ...lines] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      "Date (BS),Date (AD),Invoice no.,Buyer's name,Buyer's PAN,Total sales,Non-taxable sales,Export sales,Taxable amount,VAT,Note",
    );
    expect(lines.find((line) => line.includes(note.number))).toContain(`-${(note.total / 100).toFixed(2)}`);

    const xlsx = await api(t, {
      method: 'GET',
      url: `/admin/reports/sales-register?month=${monthText()}&format=xlsx`,
      cookie: admin,
    });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(2).getCell(3).value).toBe('Invoice no.');
    const rows = sheet.getSheetValues().slice(3) as unknown[][];
    const written = rows.find((row) => row?.[3] === invoice.number);
    expect(written?.[5]).toBe('555666777');
    expect(written?.[6]).toBe(invoice.total / 100);
    expect(written?.[10]).toBe(invoice.vat / 100);
    expect(rows.find((row) => row?.[3] === note.number)?.[6]).toBe(-note.total / 100);
  });

  it('is the brand admins’ only, and names a bad month', async () => {
    const asAgent = await api(t, {
      method: 'GET',
      url: `/admin/reports/sales-register?month=${monthText()}`,
      cookie: agent,
    });
    expect(asAgent.statusCode).toBe(403);
    const badMonth = await api(t, {
      method: 'GET',
      url: '/admin/reports/sales-register?month=2083-13',
      cookie: admin,
    });
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().data.fields).toHaveProperty('month');
    const outOfTable = await api(t, {
      method: 'GET',
      url: '/admin/reports/sales-register?month=1990-01',
      cookie: admin,
    });
    expect(outOfTable.statusCode).toBe(400);
  });

  it('the brand admin edits the seller’s tax details (audited); issued invoices keep theirs', async () => {
    const before = await invoiceOf((await paidBooking({ passengers: 1 })).pnr);
    const bad = await api(t, {
      method: 'PUT',
      url: '/admin/tax-profile',
      cookie: admin,
      payload: { legalName: 'X', address: 'Y', pan: '1234', vatNumber: '609876543' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('pan');
    const saved = await api(t, {
      method: 'PUT',
      url: '/admin/tax-profile',
      cookie: admin,
      payload: {
        legalName: 'Sajilo Travels Pvt. Ltd.',
        address: 'Lazimpat, Kathmandu',
        pan: '601111111',
        vatNumber: '601111111',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const read = await api(t, { method: 'GET', url: '/admin/tax-profile', cookie: admin });
    expect(read.json().data).toMatchObject({ pan: '601111111', address: 'Lazimpat, Kathmandu' });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'brand.tax-profile.update'));
    expect(audit.at(-1)?.before).toMatchObject({ pan: SAJILO_PAN });
    expect(audit.at(-1)?.after).toMatchObject({ pan: '601111111' });
    const after = await invoiceOf((await paidBooking({ passengers: 1 })).pnr);
    expect(after.seller).toMatchObject({ name: 'Sajilo Travels Pvt. Ltd.', pan: '601111111' });
    expect((await invoiceOf(before.pnr)).seller.pan).toBe(SAJILO_PAN);
    const asAgent = await api(t, { method: 'GET', url: '/admin/tax-profile', cookie: agent });
    expect(asAgent.statusCode).toBe(403);
  });
});
