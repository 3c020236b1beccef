import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking, PaymentAction, RebookingOptions } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { emailOutbox, flightSeats, refunds } from '../../db/schema/index';
import { api, logInDemo } from '../../test/accounts';
import { asAdmin } from '../../test/admin';
import { holdBooking, payBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../../test/payment-sandbox';

/** A disrupted booking paid through a gateway, and a ticketed booking moved to another flight. */
let t: SandboxTestApp;
let agent: string;
let customer: string;
let admin: string;

beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
  admin = await logInDemo(t, 'sajilo', 'admin');
});
afterAll(() => t.close());

const get = (cookie: string, url: string) => api(t, { method: 'GET', url, cookie });
const flightIdOf = (segment: FlightOffer['segments'][number] | undefined) =>
  `${segment?.flight_number.replace(/\s+/g, '')}-${segment?.depart_at.slice(0, 10)}`;

async function seatsOf(segment: FlightOffer['segments'][number] | undefined) {
  const [row] = await t.app.db
    .select({ held: flightSeats.held, sold: flightSeats.sold })
    .from(flightSeats)
    .where(
      and(
        eq(flightSeats.flightDate, segment?.depart_at.slice(0, 10) ?? ''),
        eq(flightSeats.classCode, segment?.class_code ?? ''),
        sql`${flightSeats.scheduleId} in (select id from flight_schedules where airline_code = ${segment?.airline_code} and flight_number = ${segment?.flight_number.split(' ')[1]} and origin = ${segment?.depart_code})`,
      ),
    );
  return row ?? { held: 0, sold: 0 };
}

describe('a cancelled flight of gateway-paid and ticketed bookings', () => {
  let paidByEsewa: Booking;
  let ticketed: Booking;

  beforeAll(async () => {
    const held = await holdBooking(t, customer, { days: 13 });
    const action = (await payBooking(t, customer, held.pnr, 'esewa')).json().data as PaymentAction;
    await followReturn(t.app, await payInSandbox(gatewayAction(action), 'pay'));
    paidByEsewa = (await get(customer, `/bookings/${held.pnr}`)).json().data;
    expect(paidByEsewa).toMatchObject({ status: 'ticketed', paid_with: 'esewa' });
    ticketed = await holdBooking(t, agent, { days: 13 });
    expect((await payBooking(t, agent, ticketed.pnr, 'wallet')).statusCode).toBe(200);
    ticketed = (await get(agent, `/bookings/${ticketed.pnr}`)).json().data;
    const flightId = flightIdOf(paidByEsewa.legs[0]?.segments[0]);
    expect(flightIdOf(ticketed.legs[0]?.segments[0])).toBe(flightId);
    const marked = await asAdmin(t, admin, 'POST', `/admin/flights/${flightId}/disruptions`, {
      change: 'cancelled',
      note: 'Fog at Pokhara.',
    });
    expect(marked.statusCode).toBe(200);
  });

  it('records the full refund to the gateway paid with, as any cancellation does', async () => {
    const refunded = await api(t, {
      method: 'POST',
      url: `/bookings/${paidByEsewa.pnr}/disruption/refund`,
      cookie: customer,
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json().data.status).toBe('refunded');
    const [row] = await t.app.db
      .select()
      .from(refunds)
      .where(sql`${refunds.bookingId} = (select id from bookings where pnr = ${paidByEsewa.pnr})`);
    expect(row).toMatchObject({
      method: 'esewa',
      status: 'pending',
      amount: paidByEsewa.price.total,
      currency: 'NPR',
    });
    expect(row?.paymentReference).toBeTruthy();
  });

  it('moves a ticketed booking: old seats released, new ones sold, its ticket reissued', async () => {
    const oldSegment = ticketed.legs[0]?.segments[0];
    const oldSeats = await seatsOf(oldSegment);
    const options = (await get(agent, `/bookings/${ticketed.pnr}/rebooking-options`)).json()
      .data as RebookingOptions;
    const chosen = options.offers[0];
    const newSeatsBefore = await seatsOf(chosen?.segments[0]);
    const moved = await api(t, {
      method: 'POST',
      url: `/bookings/${ticketed.pnr}/disruption/rebook`,
      cookie: agent,
      payload: { offer_id: chosen?.id },
    });
    expect(moved.statusCode).toBe(200);
    const after = moved.json().data as Booking;
    expect(after.status).toBe('ticketed');
    expect(after.tickets).toHaveLength(1);
    expect(after.tickets[0]?.status).toBe('open');
    expect(after.tickets[0]?.ticket_number).toMatch(/^\d{13}$/);
    expect(after.tickets[0]?.ticket_number).not.toBe(ticketed.tickets[0]?.ticket_number);
    expect(await seatsOf(oldSegment)).toEqual({ held: oldSeats.held, sold: oldSeats.sold - 1 });
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.text, `%${after.tickets[0]?.ticket_number}%`));
    expect(mail?.to).toBe(ticketed.contact.email);
    expect(await seatsOf(chosen?.segments[0])).toEqual({
      held: newSeatsBefore.held,
      sold: newSeatsBefore.sold + 1,
    });
  });
});

describe('a gateway payment started before the flight was cancelled', () => {
  it('does not ticket the booking: the money is recorded to go back, and the booking stays held', async () => {
    const held = await holdBooking(t, customer, { days: 15 });
    const action = (await payBooking(t, customer, held.pnr, 'khalti')).json().data as PaymentAction;
    const flightId = flightIdOf(held.legs[0]?.segments[0]);
    const marked = await asAdmin(t, admin, 'POST', `/admin/flights/${flightId}/disruptions`, {
      change: 'cancelled',
      note: 'Cloud at Pokhara.',
    });
    expect(marked.statusCode).toBe(200);
    await followReturn(t.app, await payInSandbox(gatewayAction(action), 'pay'));
    const after = (await get(customer, `/bookings/${held.pnr}`)).json().data as Booking;
    expect(after.status).toBe('held');
    expect(after.tickets).toEqual([]);
    expect(after.history.at(-1)?.note).toContain(`on cancelled flight ${flightId}`);
    const [row] = await t.app.db
      .select()
      .from(refunds)
      .where(sql`${refunds.bookingId} = (select id from bookings where pnr = ${held.pnr})`);
    expect(row).toMatchObject({ method: 'khalti', status: 'pending', amount: held.price.total });
  });
});
