import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOptions, ChangeQuote } from '#shared/booking-changes';
import type { Booking } from '#shared/bookings';
import type { TaxInvoice } from '#shared/finance';
import type { FlightOffer } from '#shared/flights';
import { bookingChanges, bookingLegs, seatHolds, taxInvoices, users } from '../../db/schema/index';
import { findBooking, loadBookingDetails } from '../../domain/booking-records/find-booking';
import { quoteBookingChange } from '../../domain/bookings/change/quote-booking-change';
import { checkBooks } from '../../domain/ledger/check-books';
import { postWalletEntry } from '../../domain/wallet/post-wallet-entry';
import { AppError } from '../../errors';
import { api, demoUserEmail } from '../../test/accounts';
import { adminSessions } from '../../test/admin';
import { findBookingInconsistencies, seatRows } from '../../test/booking-consistency';
import { bookingBody, findOffers, inDays, payBooking, postBooking, walletOf } from '../../test/bookings';
import { pdfText } from '../../test/pdf-text';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Date change and reissue (docs/bookings.md#date-change-and-reissue) over HTTP: an agent's ticketed booking
 * moves one leg to another date; the quote follows the old fare's change tiers, the confirmation pays from
 * the wallet, reissues tickets citing the exchanged ones, releases the old seats and issues an invoice.
 */
let t: TestApp;
let agent: string;
let agentEmail: string;
let agentId: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t, { method, url, cookie: agent, ...(payload ? { payload } : {}) });

/** Books and pays from the wallet a direct KTM→PKR offer of `family` for two adults, `days` ahead. */
async function ticketedBooking(family: string, days: number): Promise<Booking> {
  const offers = await findOffers(t, { cookie: agent, days, adults: 2 });
  const offer = offers.find((o) => o.fare.family === family);
  if (!offer) throw new Error(`no ${family} offer`);
  const body = bookingBody(
    [offer],
    [
      {
        type: 'adult',
        title: 'Mr',
        first_name: 'Hari',
        last_name: 'Thapa',
        gender: 'male',
        nationality: 'NP',
      },
      {
        type: 'adult',
        title: 'Mrs',
        first_name: 'Sita',
        last_name: 'Thapa',
        gender: 'female',
        nationality: 'NP',
      },
    ],
  );
  const held = await postBooking(t, agent, body, randomUUID());
  expect(held.statusCode, held.body).toBe(200);
  const pnr = held.json().data.pnr as string;
  const paid = await payBooking(t, agent, pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.booking as Booking;
}

/** What a percentage change fee keeps of a leg: each passenger's share of the base fare with its VAT. */
function expectedFee(leg: FlightOffer, percent: number): number {
  return leg.price.per_passenger.reduce((sum, p) => {
    const kept = Math.round((p.base * percent) / 100);
    const vat = Math.round(((p.vat - 0) * kept) / (p.base + p.fuel_surcharge));
    return sum + (kept + vat) * p.count;
  }, 0);
}

beforeAll(async () => {
  t = await createTestApp();
  agent = (await adminSessions(t)).sajiloAgent;
  agentEmail = demoUserEmail('sajilo', 'agent');
  agentId = (await walletOf(t.app.db, agentEmail)).id;
});
afterAll(() => t.close());

describe('a date change of an Apex booking', () => {
  let booking: Booking;
  let options: ChangeOptions;
  let chosen: ChangeOptions['options'][number];

  beforeAll(async () => {
    booking = await ticketedBooking('Apex', 20);
    const answer = await call(
      'GET',
      `/bookings/${booking.pnr}/change-options?leg_index=0&date=${inDays(23)}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    options = answer.json().data;
    const first = options.options[0];
    if (!first) throw new Error('no change options');
    chosen = first;
  });

  it('lists the route’s flights on the new date, each quoted: fare difference (never negative) plus the Apex fee', () => {
    const leg = booking.legs[0] as FlightOffer;
    expect(options.options.length).toBeGreaterThan(0);
    for (const { offer, quote } of options.options) {
      expect(offer.segments[0]?.depart_at.slice(0, 10)).toBe(inDays(23));
      expect(offer.segments[0]?.depart_code).toBe('KTM');
      expect(offer.segments.at(-1)?.dest_code).toBe('PKR');
      const difference = offer.price.per_passenger.reduce((sum, p) => {
        const old = leg.price.per_passenger.find((o) => o.type === p.type);
        return sum + Math.max(0, p.total - (old?.total ?? 0)) * p.count;
      }, 0);
      // Apex: 25 % of the base fare (with its VAT) more than 2 h before departure.
      expect(quote).toMatchObject({
        fare_difference: difference,
        change_fee: expectedFee(leg, 25),
        amount_due: difference + expectedFee(leg, 25),
        payment: 'wallet',
        old_fare: leg.price.total,
        new_fare: offer.price.total,
      });
      expect(quote.rule).toContain('25 % of the base fare');
    }
  });

  it('quotes the same with confirm false and writes nothing', async () => {
    const quoted = await call('POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 0,
      offer_id: chosen.offer.id,
      total: chosen.offer.price.total,
    });
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json().data).toMatchObject({ quote: chosen.quote, booking: null, invoice_number: null });
    const changes = await t.app.db.select().from(bookingChanges);
    expect(changes).toEqual([]);
  });

  it('refuses a flight of another route, naming offer_id, and an outside supplier’s offer with 422', async () => {
    const other = (await findOffers(t, { cookie: agent, days: 23, adults: 2, to: 'BWA' }))[0];
    if (!other) throw new Error('no KTM→BWA offer');
    const wrong = await call('POST', `/bookings/${booking.pnr}/change`, { leg_index: 0, offer_id: other.id });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data.fields).toHaveProperty('offer_id');
    const noLeg = await call('POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 3,
      offer_id: chosen.offer.id,
    });
    expect(noLeg.statusCode).toBe(400);
    expect(noLeg.json().data.fields).toHaveProperty('leg_index');
    const duffel = await call('POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 0,
      offer_id: 'duffel~off_0000AgJ8bKyDpD6ZtRrGVB~2.0.0~npr',
    });
    expect(duffel.statusCode).toBe(422);
    expect(duffel.json().data.code).toBe('CHANGE_NOT_SUPPORTED');
  });

  it('confirmed: pays from the wallet, reissues the tickets citing the old ones, moves the seats, issues an invoice', async () => {
    const walletBefore = await walletOf(t.app.db, agentEmail);
    const [legBefore] = await t.app.db
      .select()
      .from(bookingLegs)
      .where(eq(bookingLegs.bookingId, (await bookingRow(booking.pnr)).id));
    const seatsBefore = await seatRows(t.app.db);
    const confirmed = await call('POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 0,
      offer_id: chosen.offer.id,
      total: chosen.offer.price.total,
      confirm: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const {
      quote,
      booking: after,
      invoice_number,
    } = confirmed.json().data as {
      quote: ChangeQuote;
      booking: Booking;
      invoice_number: string;
    };
    expect(quote.amount_due).toBe(chosen.quote.amount_due);

    // The wallet paid exactly the quote, and the books balance.
    const walletAfter = await walletOf(t.app.db, agentEmail);
    expect(walletAfter.balance).toBe(walletBefore.balance - quote.amount_due);
    expect(walletAfter.ledger).toBe(walletAfter.balance);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);

    // New flight, new ticket numbers citing the exchanged ones.
    expect(after.status).toBe('ticketed');
    expect(after.legs[0]?.segments.map((s) => s.flight_number)).toEqual(
      chosen.offer.segments.map((s) => s.flight_number),
    );
    const old = booking.tickets;
    expect(
      after.tickets
        .filter((x) => x.status === 'exchanged')
        .map((x) => x.ticket_number)
        .sort(),
    ).toEqual(old.map((x) => x.ticket_number).sort());
    const reissued = after.tickets.filter((x) => x.status === 'open');
    expect(reissued).toHaveLength(old.length);
    for (const ticket of reissued) {
      const replaced = old.find((x) => x.ticket_number === ticket.reissued_from);
      expect(replaced).toMatchObject({
        passenger_id: ticket.passenger_id,
        segment_index: ticket.segment_index,
      });
      expect(ticket.ticket_number).not.toBe(ticket.reissued_from);
    }

    // The old flight's seats released, the new one's sold.
    const [legAfter] = await t.app.db
      .select()
      .from(bookingLegs)
      .where(eq(bookingLegs.bookingId, (await bookingRow(booking.pnr)).id));
    const holds = await t.app.db
      .select({ locator: seatHolds.locator, status: seatHolds.status })
      .from(seatHolds)
      .where(inArray(seatHolds.locator, [legBefore?.locator ?? '', legAfter?.locator ?? '']));
    expect(Object.fromEntries(holds.map((h) => [h.locator, h.status]))).toEqual({
      [legBefore?.locator ?? '']: 'cancelled',
      [legAfter?.locator ?? '']: 'issued',
    });
    const seatsAfter = await seatRows(t.app.db);
    const soldChange = [...seatsAfter.values()]
      .map((row) => ({ key: row.key, delta: row.sold - (seatsBefore.get(row.key)?.sold ?? 0) }))
      .filter((row) => row.delta !== 0)
      .map((row) => row.delta)
      .sort();
    expect(soldChange).toEqual([-2, 2]);
    expect(await findBookingInconsistencies(t.app.db)).toEqual([]);

    // The change's tax invoice: the difference and the fee, VAT apart; the sale's invoice unchanged.
    const invoice = await call(
      'GET',
      `/bookings/${booking.pnr}/invoices/${encodeURIComponent(invoice_number)}?format=json`,
    );
    expect(invoice.statusCode, invoice.body).toBe(200);
    const document = invoice.json().data as TaxInvoice;
    expect(document.total).toBe(quote.amount_due);
    expect(document.lines.map((l) => l.description)).toContain('Date change fee, KTM – PKR');
    expect(document.vat).toBeGreaterThan(0);
    const sale = (await call('GET', `/bookings/${booking.pnr}/invoice?format=json`)).json()
      .data as TaxInvoice;
    expect(sale.number).not.toBe(invoice_number);
    expect(sale.total).toBe(booking.price.total);
    const pdf = await call('GET', `/bookings/${booking.pnr}/invoices/${encodeURIComponent(invoice_number)}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdfText(pdf.rawPayload)).toContain('Tax Invoice');

    // The new e-ticket names the new numbers.
    const ticketPdf = await call('GET', `/bookings/${booking.pnr}/ticket.pdf`);
    const text = pdfText(ticketPdf.rawPayload);
    for (const ticket of reissued) expect(text).toContain(ticket.ticket_number);
    expect(after.history.at(-1)?.note).toContain('Date changed');
  });
});

describe('refusals', () => {
  it('refuses a change of a Saver fare (its conditions allow none) with 409 and the rule', async () => {
    const booking = await ticketedBooking('Saver', 21);
    const offers = await findOffers(t, { cookie: agent, days: 24, adults: 2 });
    const offer = offers[0];
    if (!offer) throw new Error('no offer');
    const refused = await call('POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 0,
      offer_id: offer.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data).toMatchObject({
      code: 'CHANGE_NOT_ALLOWED',
      rule: 'Date changes are not allowed.',
    });
    const listed = await call(
      'GET',
      `/bookings/${booking.pnr}/change-options?leg_index=0&date=${inDays(24)}`,
    );
    expect(listed.statusCode).toBe(409);
  });

  it('follows the Flex tiers with a fixed clock: 10 % until 2 h before departure, then refused', async () => {
    const booking = await ticketedBooking('Flex', 22);
    const full = await loadBookingDetails(t.app.db, await bookingRow(booking.pnr));
    const leg = booking.legs[0] as FlightOffer;
    const departs = Date.parse(leg.segments[0]?.depart_at ?? '');
    const target = (await findOffers(t, { cookie: agent, days: 25, adults: 2 }))[0] as FlightOffer;
    const early = quoteBookingChange(full, 0, target, departs - 3 * 3_600_000);
    expect(early.changeFee).toBe(expectedFee(leg, 10));
    expect(quoteBookingChange(full, 0, target, departs - 30 * 86_400_000).changeFee).toBe(
      expectedFee(leg, 10),
    );
    const late = () => quoteBookingChange(full, 0, target, departs - 3_600_000);
    expect(late).toThrow(AppError);
    expect(late).toThrow('No changes within 2 h of departure');
    expect(() => quoteBookingChange(full, 0, target, departs + 60_000)).toThrow('already left');
  });

  it('refuses a change the wallet cannot pay, with nothing half-written', async () => {
    // The admin tops the wallet up (the earlier bookings spent it), then it pays a Flex booking.
    await t.app.db.transaction((tx) =>
      postWalletEntry(tx, {
        userId: agentId,
        kind: 'top_up',
        amount: 5_000_000,
        currency: 'NPR',
        reference: `test-${randomUUID()}`,
      }),
    );
    const booking = await ticketedBooking('Flex', 26);
    const answer = await call(
      'GET',
      `/bookings/${booking.pnr}/change-options?leg_index=0&date=${inDays(27)}`,
    );
    const chosen = (answer.json().data as ChangeOptions).options[0];
    if (!chosen) throw new Error('no change options');
    expect(chosen.quote.amount_due).toBeGreaterThan(0);
    // The agent spends the wallet down to nothing (no credit limit).
    const wallet = await walletOf(t.app.db, agentEmail);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, wallet.id));
    expect(user?.walletCreditLimit).toBe(0);
    await t.app.db.transaction((tx) =>
      postWalletEntry(tx, {
        userId: wallet.id,
        kind: 'booking_debit',
        amount: -wallet.balance,
        currency: 'NPR',
        note: 'Spent elsewhere (test)',
      }),
    );
    const seatsBefore = await seatRows(t.app.db);
    const invoicesBefore = await t.app.db.select().from(taxInvoices);
    const refused = await call('POST', `/bookings/${booking.pnr}/change`, {
      leg_index: 0,
      offer_id: chosen.offer.id,
      confirm: true,
    });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().data).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      shortfall: chosen.quote.amount_due,
    });
    const after = (await call('GET', `/bookings/${booking.pnr}`)).json().data as Booking;
    expect(after.tickets).toEqual(booking.tickets);
    expect(after.legs).toEqual(booking.legs);
    expect(await seatRows(t.app.db)).toEqual(seatsBefore);
    expect(await t.app.db.select().from(taxInvoices)).toHaveLength(invoicesBefore.length);
    const changes = await t.app.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.bookingId, (await bookingRow(booking.pnr)).id));
    expect(changes).toEqual([]);
    expect((await walletOf(t.app.db, agentEmail)).balance).toBe(0);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});

async function bookingRow(pnr: string) {
  return findBooking(t.app.db, { pnr, userId: (await walletOf(t.app.db, agentEmail)).id });
}
