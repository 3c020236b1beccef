import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeOptions } from '#shared/booking-changes';
import type { Booking, BookingSummary, PassengerInput } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { checkBooks } from '../../domain/ledger/check-books';
import { api, logInDemo } from '../../test/accounts';
import { topUpWallet } from '../../test/booking-load';
import {
  adult,
  bookingBody,
  findOffers,
  inDays,
  payBooking,
  postBooking,
  walletOf,
} from '../../test/bookings';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * After-sales money over HTTP on a real database (docs/bookings.md#after-sales-money): a date change
 * after a partial cancellation charges only the passengers still travelling, exactly what a
 * one-passenger booking of the same fare is charged; a cancellation after a paid date change gives
 * back the fare difference with the fare; the booking answers who was cancelled, what came back and
 * the new total.
 */
let t: TestApp;
let agent: string;
const AGENT = 'agent@sajilo.example';

beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  await topUpWallet(t.app.db, AGENT, 100_000_000);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  api(t, { method, url, cookie: agent, ...(payload ? { payload } : {}) });

const hari = adult({ first_name: 'Hari' });
const sita = adult({ first_name: 'Sita', title: 'Ms', gender: 'female' });

/** An Apex KTM→PKR booking `days` ahead on the flight `flight` (the first Apex one when omitted), paid from the wallet. */
async function apexBooking(passengers: PassengerInput[], days: number, flight?: string): Promise<Booking> {
  const offers = await findOffers(t, { cookie: agent, days, adults: passengers.length });
  const offer = offers.find(
    (o) => o.fare.family === 'Apex' && (!flight || o.segments[0]?.flight_number === flight),
  );
  if (!offer) throw new Error(`no Apex offer ${flight ?? ''}`);
  const held = await postBooking(t, agent, bookingBody([offer], passengers), randomUUID());
  expect(held.statusCode, held.body).toBe(200);
  const paid = await payBooking(t, agent, (held.json().data as Booking).pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.booking as Booking;
}

const idOf = (booking: Booking, firstName: string) =>
  booking.passengers.find((p) => p.first_name === firstName)?.id ?? '';

async function changeOptions(pnr: string, days: number): Promise<ChangeOptions['options']> {
  const answer = await call('GET', `/bookings/${pnr}/change-options?leg_index=0&date=${inDays(days)}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json().data as ChangeOptions).options;
}

const flightOf = (offer: FlightOffer) => offer.segments.map((s) => s.flight_number).join();

describe('a date change after a partial cancellation', () => {
  it('charges exactly what a one-passenger booking of the same fare is charged, from the wallet', async () => {
    const two = await apexBooking([hari, sita], 21);
    const flight = two.legs[0]?.segments[0]?.flight_number;
    const one = await apexBooking([adult({ first_name: 'Ram' })], 21, flight);
    const cancelled = await call('POST', `/bookings/${two.pnr}/cancel`, {
      passengers: [idOf(two, 'Sita')],
      confirm: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const forTwo = await changeOptions(two.pnr, 24);
    const forOne = await changeOptions(one.pnr, 24);
    const chosen = forOne[0];
    if (!chosen) throw new Error('no change options');
    const same = forTwo.find((o) => flightOf(o.offer) === flightOf(chosen.offer));
    if (!same) throw new Error('the same flight is not offered to both');
    // Only Hari travels on the two-passenger booking: the fee and the difference count one adult.
    expect(same.quote.change_fee).toBe(chosen.quote.change_fee);
    expect(same.quote.fare_difference).toBe(chosen.quote.fare_difference);
    expect(same.quote.amount_due).toBe(chosen.quote.amount_due);
    expect(same.quote.change_fee).toBeGreaterThan(0);

    const before = await walletOf(t.app.db, AGENT);
    const changed = await call('POST', `/bookings/${two.pnr}/change`, {
      leg_index: 0,
      offer_id: same.offer.id,
      total: same.offer.price.total,
      confirm: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const after = await walletOf(t.app.db, AGENT);
    expect(before.balance - after.balance).toBe(chosen.quote.amount_due);

    // One ticket reissued (Hari's); Sita's stays refunded, and is not reissued.
    const booking = changed.json().data.booking as Booking;
    const ticketsOf = (name: string) => booking.tickets.filter((x) => x.passenger_id === idOf(booking, name));
    expect(ticketsOf('Hari').map((x) => x.status)).toEqual(['exchanged', 'open']);
    expect(ticketsOf('Sita').map((x) => x.status)).toEqual(['refunded']);
    const hariAfter = booking.passengers.find((p) => p.first_name === 'Hari');
    const sitaAfter = booking.passengers.find((p) => p.first_name === 'Sita');
    expect(sitaAfter?.status).toBe('cancelled');
    expect(hariAfter?.status).toBe('travelling');
    expect((hariAfter?.paid ?? 0) + (sitaAfter?.paid ?? 0)).toBe(booking.amount_paid);
    expect(booking.history.at(-1)?.amounts).toMatchObject({
      kind: 'change',
      change_fee: chosen.quote.change_fee,
      fare_difference: chosen.quote.fare_difference,
    });

    // Cancelling Hari now gives back his fare and his fare difference, less his fee; the change fee stays.
    const quote = (await call('POST', `/bookings/${two.pnr}/cancel`, {})).json().data.quote;
    const changeFeeOfHari = chosen.quote.change_fee;
    expect(quote.paid).toBe((hariAfter?.paid ?? 0) - changeFeeOfHari);
    const rest = await call('POST', `/bookings/${two.pnr}/cancel`, { confirm: true });
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json().data.booking as Booking;
    expect(done.status).toBe('refunded');
    const wallet = await walletOf(t.app.db, AGENT);
    expect(wallet.balance - after.balance).toBe(quote.refund);
    // Money in = money back + money kept, per passenger and for the booking.
    for (const p of done.passengers) expect(p.refunded).toBeLessThanOrEqual(p.paid ?? 0);
    expect(done.amount_refunded).toBe(cancelled.json().data.quote.refund + quote.refund);
    expect(done.travelling_total).toBe(0);
    expect((await checkBooks(t.app.db)).problems).toEqual([]);
  });
});

describe('what a partial cancellation answers', () => {
  it('the booking shows who was cancelled, one ticket refunded and one open, what came back and the new total; My Bookings too', async () => {
    const booking = await apexBooking([hari, sita], 26);
    expect(booking.travelling_total).toBe(booking.price.total);
    const done = await call('POST', `/bookings/${booking.pnr}/cancel`, {
      passengers: [idOf(booking, 'Sita')],
      confirm: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    const quote = done.json().data.quote;
    const after = done.json().data.booking as Booking;
    expect(after.status).toBe('ticketed');
    expect(after.tickets.map((x) => x.status).sort()).toEqual(['open', 'refunded']);
    expect(after.passengers.map((p) => [p.first_name, p.status, p.refunded])).toEqual([
      ['Hari', 'travelling', 0],
      ['Sita', 'cancelled', quote.refund],
    ]);
    expect(after.amount_refunded).toBe(quote.refund);
    const adultPrice = booking.price.per_passenger[0]?.total ?? 0;
    expect(after.travelling_total).toBe(adultPrice);
    const event = after.history.at(-1);
    expect(event?.amounts).toMatchObject({
      kind: 'partial_cancel',
      fee: quote.cancellation_fee,
      refund: quote.refund,
      passengers: ['Sita Thapa'],
    });
    expect(event?.note).toContain('NPR');

    const list = await call('GET', `/bookings?pnr=${booking.pnr}`);
    const [summary] = list.json().data.items as BookingSummary[];
    expect(summary).toMatchObject({
      cancelled_passenger_names: ['Ms Sita Thapa'],
      amount_refunded: quote.refund,
      travelling_total: adultPrice,
    });
  });
});
