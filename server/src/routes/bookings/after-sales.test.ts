import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking, PassengerInput } from '#shared/bookings';
import type { CreditNote, SalesRegister, TaxInvoice } from '#shared/finance';
import { auditLog, refunds, tickets } from '../../db/schema/index';
import { checkBooks } from '../../domain/ledger/check-books';
import { kathmanduLocal } from '../../domain/wallet/kathmandu-dates';
import { api, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import {
  adult,
  bookingBody,
  findOffer,
  inDays,
  payBooking,
  postBooking,
  walletOf,
} from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Partial cancellation and void (docs/bookings.md#partial-cancellation, docs/bookings.md#void), over HTTP on
 * a real database.
 */
let t: TestApp;
let agent: string;
let admin: string;
const AGENT = 'agent@sajilo.example';

beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  admin = await logInDemo(t, 'sajilo', 'admin');
  await topUpWallet(t.app.db, AGENT, 100_000_000);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => t.close());

const child = (first_name: string): PassengerInput =>
  adult({ type: 'child', title: 'Mstr', first_name, date_of_birth: inDays(-3000) });
const infant = (first_name: string): PassengerInput =>
  adult({ type: 'infant', title: 'Mstr', first_name, date_of_birth: inDays(-300) });

/** Holds these travellers on the first direct KTM→PKR flight 12 days out and pays from the wallet. */
async function paidBooking(passengers: PassengerInput[], cookie = agent): Promise<Booking> {
  const count = (type: string) => passengers.filter((p) => p.type === type).length;
  const offer = await findOffer(t, {
    cookie,
    days: 12,
    adults: count('adult'),
    children: count('child'),
    infants: count('infant'),
  });
  const held = await postBooking(t, cookie, bookingBody([offer], passengers));
  expect(held.statusCode, held.body).toBe(200);
  const paid = await payBooking(t, cookie, (held.json().data as Booking).pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.booking as Booking;
}

const cancel = (pnr: string, payload: object, cookie = agent) =>
  api(t, { method: 'POST', url: `/bookings/${pnr}/cancel`, cookie, payload });
const voidIt = (pnr: string, payload: object, cookie = agent) =>
  api(t, { method: 'POST', url: `/bookings/${pnr}/void`, cookie, payload });
const idOf = (booking: Booking, firstName: string) => {
  const passenger = booking.passengers.find((p) => p.first_name === firstName);
  if (!passenger) throw new Error(`no passenger ${firstName}`);
  return passenger.id;
};
const ticketsOf = (booking: Booking, passengerId: string) =>
  booking.tickets.filter((ticket) => ticket.passenger_id === passengerId);
const creditNotesOf = async (pnr: string) => {
  const response = await api(t, { method: 'GET', url: `/bookings/${pnr}/credit-notes`, cookie: agent });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as CreditNote[];
};
const invoiceOf = async (pnr: string) => {
  const response = await api(t, {
    method: 'GET',
    url: `/bookings/${pnr}/invoice?format=json`,
    cookie: agent,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TaxInvoice;
};

describe('partial cancellation', () => {
  it('cancelling one of two adults refunds that passenger’s part only; the other ticket stays valid; a credit note cites the invoice', async () => {
    const booking = await paidBooking([
      adult({ first_name: 'Hari' }),
      adult({ first_name: 'Sita', title: 'Ms', gender: 'female' }),
    ]);
    const sita = idOf(booking, 'Sita');
    const hari = idOf(booking, 'Hari');

    const quoted = await cancel(booking.pnr, { passengers: [sita] });
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json().data.quote;
    expect(quote.passengers).toEqual([sita]);
    // Two adults at the same fare: each paid half.
    const [adults] = booking.price.per_passenger;
    expect(adults?.count).toBe(2);
    const whole = (await cancel(booking.pnr, {})).json().data.quote;
    // (Shared to the paisa: an odd amount's last paisa goes to the first passenger.)
    expect(Math.abs(quote.paid - whole.paid / 2)).toBeLessThanOrEqual(0.5);
    expect(quote.cancellation_fee).toBe(Math.round(whole.cancellation_fee / 2));
    expect(quote.refund).toBeGreaterThan(0);
    expect(quote.refund).toBe(quote.paid - quote.cancellation_fee);

    const before = await walletOf(t.app.db, AGENT);
    const done = await cancel(booking.pnr, { passengers: [sita], confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().data.booking as Booking;
    expect(after.status).toBe('ticketed');
    expect(ticketsOf(after, sita).map((ticket) => ticket.status)).toEqual(['refunded']);
    expect(ticketsOf(after, hari).map((ticket) => ticket.status)).toEqual(['open']);
    expect(after.history.at(-1)?.note).toContain('Sita');
    const wallet = await walletOf(t.app.db, AGENT);
    expect(wallet.balance - before.balance).toBe(quote.refund);
    expect(wallet.ledger).toBe(wallet.balance);

    const invoice = await invoiceOf(booking.pnr);
    const notes = await creditNotesOf(booking.pnr);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      invoice_number: invoice.number,
      total: quote.refund,
      voids_invoice: false,
    });

    // Hari's e-ticket is still valid: no stamp; Sita's ticket is listed as refunded.
    const pdf = await api(t, { method: 'GET', url: `/bookings/${booking.pnr}/ticket.pdf`, cookie: agent });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).not.toContain('not valid for travel');
    expect(text).not.toContain('REFUNDED');
    const [sitaTicket] = ticketsOf(after, sita);
    const [hariTicket] = ticketsOf(after, hari);
    expect(text).toContain(`${sitaTicket?.ticket_number} (refunded)`);
    expect(text).toContain(hariTicket?.ticket_number);
    expect(text).not.toContain(`${hariTicket?.ticket_number} (`);

    // Sita cannot be cancelled twice; then the rest of the booking is cancelled whole.
    const again = await cancel(booking.pnr, { passengers: [sita], confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.code).toBe('CANCELLATION_NOT_ALLOWED');
    const rest = await cancel(booking.pnr, { confirm: true });
    expect(rest.statusCode, rest.body).toBe(200);
    const restQuote = rest.json().data.quote;
    expect(restQuote.passengers).toEqual([hari]);
    expect(restQuote.paid + quote.paid).toBe(whole.paid);
    expect((rest.json().data.booking as Booking).status).toBe('refunded');
    expect(await creditNotesOf(booking.pnr)).toHaveLength(2);
    const rows = await t.app.db
      .select()
      .from(refunds)
      .where(eq(refunds.bookingId, await bookingId(booking.pnr)));
    expect(rows.map((row) => row.part).sort()).toEqual(['booking', `passengers:${sita}`]);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });

  it('refuses to leave a child without an adult, and names an unknown passenger', async () => {
    const booking = await paidBooking([adult({ first_name: 'Hari' }), child('Mina')]);
    const refused = await cancel(booking.pnr, { passengers: [idOf(booking, 'Hari')] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.code).toBe('CHILD_WITHOUT_ADULT');
    expect(refused.json().data.error).toContain('Mina');
    const unknown = await cancel(booking.pnr, { passengers: ['not-a-passenger'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toHaveProperty('passengers');
    // The child alone may go; the adult stays.
    const childOnly = await cancel(booking.pnr, { passengers: [idOf(booking, 'Mina')], confirm: true });
    expect(childOnly.statusCode, childOnly.body).toBe(200);
    expect((childOnly.json().data.booking as Booking).status).toBe('ticketed');
  });

  it('an infant goes with the adult whose lap they travel on', async () => {
    const booking = await paidBooking([
      adult({ first_name: 'Hari' }),
      adult({ first_name: 'Ram' }),
      infant('Babu'),
    ]);
    const hari = idOf(booking, 'Hari');
    const babu = idOf(booking, 'Babu');
    const quoted = await cancel(booking.pnr, { passengers: [hari] });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data.quote.passengers).toEqual([hari, babu]);
    const done = await cancel(booking.pnr, { passengers: [hari], confirm: true });
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().data.booking as Booking;
    expect(after.status).toBe('ticketed');
    expect(ticketsOf(after, babu).every((ticket) => ticket.status === 'refunded')).toBe(true);
    expect(ticketsOf(after, idOf(booking, 'Ram')).every((ticket) => ticket.status === 'open')).toBe(true);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});

async function bookingId(pnr: string): Promise<string> {
  const { bookings } = await import('../../db/schema/index');
  const [row] = await t.app.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.pnr, pnr));
  if (!row) throw new Error(`no booking ${pnr}`);
  return row.id;
}

/** The Nepal day a booking's tickets were issued on, and an instant at `time` that day. */
async function issueDay(pnr: string, time: string) {
  const [ticket] = await t.app.db
    .select()
    .from(tickets)
    .where(eq(tickets.bookingId, await bookingId(pnr)));
  if (!ticket) throw new Error('no ticket');
  const day = kathmanduLocal(ticket.createdAt).date;
  return { day, at: new Date(`${day}T${time}:00+05:45`) };
}

/** Fixes the clock at `at` and logs the agent in again then (the session is dated by the clock). */
async function at(instant: Date): Promise<string> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
  return logInDemo(t, 'sajilo', 'agent');
}

describe('void', () => {
  it('an admin sets the void fee (audited); a ticket voided on its day before 23:00 comes back less the fee and leaves the sales register with a note', async () => {
    const saved = await api(t, {
      method: 'PUT',
      url: '/admin/finance-settings',
      cookie: admin,
      payload: { void_fee_npr: 50_000, void_fee_usd: 500 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ void_fee_npr: 50_000, void_fee_usd: 500 });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'brand.finance-settings.update'));
    expect(audit).toHaveLength(1);
    const badFee = await api(t, {
      method: 'PUT',
      url: '/admin/finance-settings',
      cookie: admin,
      payload: { void_fee_npr: -1, void_fee_usd: 0 },
    });
    expect(badFee.statusCode).toBe(400);
    expect(badFee.json().data.fields).toHaveProperty('void_fee_npr');

    const booking = await paidBooking([adult({ first_name: 'Hari' })]);
    const invoice = await invoiceOf(booking.pnr);
    const { at: lastMinute } = await issueDay(booking.pnr, '22:59');
    const cookie = await at(lastMinute);
    const quoted = await voidIt(booking.pnr, {}, cookie);
    expect(quoted.statusCode, quoted.body).toBe(200);
    const quote = quoted.json().data.quote;
    // The whole of what the agent paid (the fare less their commission) less the fee.
    const paid = booking.price.commission?.net_total ?? booking.price.total;
    expect(quote).toMatchObject({ cancellation_fee: 50_000, paid });
    expect(quote.refund).toBe(quote.paid - 50_000);
    expect(Date.parse(quote.void_until)).toBe(lastMinute.getTime() + 60_000);

    const before = await walletOf(t.app.db, AGENT);
    const done = await voidIt(booking.pnr, { confirm: true }, cookie);
    expect(done.statusCode, done.body).toBe(200);
    const after = done.json().data.booking as Booking;
    expect(after.status).toBe('refunded');
    expect(after.tickets.every((ticket) => ticket.status === 'void')).toBe(true);
    expect((await walletOf(t.app.db, AGENT)).balance - before.balance).toBe(quote.refund);
    vi.useRealTimers();

    const [note] = await creditNotesOf(booking.pnr);
    expect(note).toMatchObject({ voids_invoice: true, invoice_number: invoice.number, total: invoice.total });
    const month = invoice.issued_on_bs.slice(0, 7);
    const register = await api(t, {
      method: 'GET',
      url: `/admin/reports/sales-register?month=${month}&format=json`,
      cookie: admin,
    });
    expect(register.statusCode, register.body).toBe(200);
    const data = register.json().data as SalesRegister;
    const invoiceRow = data.rows.find((row) => row.number === invoice.number);
    const noteRow = data.rows.find((row) => row.number === note?.number);
    expect(invoiceRow).toMatchObject({ total_sales: 0, vat: 0, taxable_amount: 0 });
    expect(invoiceRow?.note).toContain('Void');
    expect(invoiceRow?.note).toContain(note?.number);
    expect(noteRow).toMatchObject({ total_sales: 0, vat: 0 });
    expect(noteRow?.note).toContain(invoice.number);
    // The totals are the other rows': the voided sale counts nothing.
    expect(data.totals.total_sales).toBe(data.rows.reduce((sum, row) => sum + row.total_sales, 0));
    const csv = await api(t, {
      method: 'GET',
      url: `/admin/reports/sales-register?month=${month}&format=csv`,
      cookie: admin,
    });
    expect(csv.body.split('\n')[0]).toContain('Note');
    expect(csv.body).toContain(`Void of invoice ${invoice.number}`);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });

  it('refuses from 23:00 on the day of issue and on a later day (VOID_WINDOW_CLOSED); the admin voids for the traveller, audited', async () => {
    const booking = await paidBooking([adult({ first_name: 'Hari' })]);
    const { at: closing, day } = await issueDay(booking.pnr, '23:00');
    const late = await voidIt(booking.pnr, { confirm: true }, await at(closing));
    expect(late.statusCode).toBe(409);
    expect(late.json().data.code).toBe('VOID_WINDOW_CLOSED');
    expect(late.json().data.error).toContain('23:00');
    const nextDay = new Date(Date.parse(`${day}T10:00:00+05:45`) + 86_400_000);
    const tomorrow = await voidIt(booking.pnr, {}, await at(nextDay));
    expect(tomorrow.statusCode).toBe(409);
    expect(tomorrow.json().data.code).toBe('VOID_WINDOW_CLOSED');

    // The same day before 23:00, the agency voids it from the console.
    const { at: morning } = await issueDay(booking.pnr, '22:00');
    vi.setSystemTime(morning);
    const adminCookie = await logInDemo(t, 'sajilo', 'admin');
    const voided = await api(t, {
      method: 'POST',
      url: `/admin/bookings/${booking.pnr}/void`,
      cookie: adminCookie,
      payload: { confirm: true },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.detail.booking.status).toBe('refunded');
    const audit = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'booking.void'));
    expect(audit.map((row) => row.entityId)).toContain(booking.pnr);
    // Voided already: not again.
    const twice = await api(t, {
      method: 'POST',
      url: `/admin/bookings/${booking.pnr}/void`,
      cookie: adminCookie,
      payload: { confirm: true },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.code).toBe('VOID_NOT_ALLOWED');
    vi.useRealTimers();

    // A partly cancelled booking cannot be voided.
    const pair = await paidBooking([adult({ first_name: 'Hari' }), adult({ first_name: 'Ram' })]);
    expect((await cancel(pair.pnr, { passengers: [idOf(pair, 'Ram')], confirm: true })).statusCode).toBe(200);
    const partly = await voidIt(pair.pnr, {});
    expect(partly.statusCode).toBe(409);
    expect(partly.json().data.code).toBe('VOID_NOT_ALLOWED');
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});
