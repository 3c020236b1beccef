import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { auditLog, bookingLegs, bookings, seatHolds } from '../../../db/schema/index';
import { api, GLOBALIME, logInDemo } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { bookingBody, findOffers, postBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let customer: string;

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  customer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method, url, payload);

/** The same flight and fare as `offer` in a fresh search (prices by offer id). */
async function priceOf(offer: FlightOffer, options: { host?: string; cookie?: string; to?: string } = {}) {
  const offers = await findOffers(t, { direct: false, to: options.to ?? 'PKR', ...options });
  const found = offers.find((o) => o.id === offer.id);
  if (!found) throw new Error(`offer ${offer.id} is gone`);
  return found;
}

/** The fare calendar's lowest one-adult total on the day of `offer` (KTM → PKR). */
async function calendarPrice(offer: FlightOffer, host?: string) {
  const date = offer.segments[0]?.depart_at.slice(0, 10) ?? '';
  const response = await api(t, {
    method: 'GET',
    url: `/flights/calendar?depart_code=KTM&dest_code=PKR&month=${date.slice(0, 7)}`,
    host,
  });
  return response.json().data.days.find((d: { date: string }) => d.date === date)?.lowest_total as number;
}

describe('markups', () => {
  let plain: FlightOffer;
  let plainBir: FlightOffer;
  let allId: string;
  let plainCalendar: number;

  it('starts with none: search prices are the supplier’s', async () => {
    expect((await admin('GET', '/admin/markups')).json().data).toEqual([]);
    // The flight with the most seats left in its fare: two tests below hold seats on it, and the
    // fare must still be on sale after them (at some hours the cheapest has only a seat or two).
    plain = (await findOffers(t)).reduce((most, offer) =>
      offer.seats_left > most.seats_left ? offer : most,
    );
    expect(plain.seats_left).toBeGreaterThanOrEqual(3);
    plainBir = (await findOffers(t, { to: 'BIR' }))[0] as FlightOffer;
    expect(plain).toBeDefined();
    expect(plainBir).toBeDefined();
    plainCalendar = await calendarPrice(plain);
    expect(plainCalendar).toBeGreaterThan(0);
  });

  it('applies a brand-wide percentage to every offer of that brand only', async () => {
    const created = await admin('POST', '/admin/markups', { scope: 'all', kind: 'percent', value: 1000 });
    expect(created.statusCode, created.body).toBe(200);
    allId = created.json().data.id;
    const marked = await priceOf(plain);
    const adult = plain.price.per_passenger[0];
    expect(marked.price.total).toBe(plain.price.total + Math.round(((adult?.total ?? 0) * 1000) / 10_000));
    const markedAdult = marked.price.per_passenger[0];
    expect(markedAdult?.base).toBe((adult?.base ?? 0) + marked.price.total - plain.price.total);
    expect(markedAdult?.total).toBe(
      (markedAdult?.base ?? 0) + (markedAdult?.fuel_surcharge ?? 0) + (markedAdult?.taxes ?? 0),
    );
    expect(JSON.stringify(marked)).not.toMatch(/markup/i);
    // Brand B sells the same flight at the supplier's price.
    const onB = await priceOf(plain, { host: GLOBALIME });
    expect(onB.price.total).toBe(plain.price.total);
  });

  it('prefers the route’s markup, then the airline’s, over the brand-wide one', async () => {
    const route = await admin('POST', '/admin/markups', {
      scope: 'route',
      origin: 'ktm',
      destination: 'pkr',
      kind: 'fixed',
      value: 50_000,
    });
    expect(route.statusCode, route.body).toBe(200);
    expect(route.json().data).toMatchObject({ origin: 'KTM', destination: 'PKR', airlineCode: null });
    expect((await priceOf(plain)).price.total).toBe(plain.price.total + 50_000);
    // The fare calendar prices the same way; brand B's does not move.
    expect(await calendarPrice(plain)).toBe(plainCalendar + 50_000);
    expect(await calendarPrice(plain, GLOBALIME)).toBe(plainCalendar);

    const airlineCode = plainBir.segments[0]?.airline_code;
    const airline = await admin('POST', '/admin/markups', {
      scope: 'airline',
      airlineCode,
      kind: 'fixed',
      value: 7_000,
    });
    expect(airline.statusCode, airline.body).toBe(200);
    expect((await priceOf(plainBir, { to: 'BIR' })).price.total).toBe(plainBir.price.total + 7_000);
    // The route markup still wins on its route, whatever the airline.
    expect((await priceOf(plain)).price.total).toBe(plain.price.total + 50_000);
  });

  it('keeps an agent’s commission on the supplier’s fare', async () => {
    const agent = await logInDemo(t, 'sajilo', 'agent');
    const asAgent = await priceOf(plain, { cookie: agent });
    expect(asAgent.price.total).toBe(plain.price.total + 50_000);
    const commission = asAgent.price.commission;
    expect(commission).not.toBeNull();
    const base = plain.price.per_passenger.reduce((s, p) => s + p.base * p.count, 0);
    expect(commission?.amount).toBe(Math.round((base * (commission?.percent ?? 0)) / 100));
    expect(commission?.net_total).toBe(asAgent.price.total - (commission?.amount ?? 0));
  });

  it('holds at the marked-up price, stores the markup for the admin, never shows it to the traveller', async () => {
    const offer = await priceOf(plain, { cookie: customer });
    const response = await postBooking(t, customer, bookingBody([offer]));
    expect(response.statusCode, response.body).toBe(200);
    const booking = response.json().data;
    expect(booking.price.total).toBe(plain.price.total + 50_000);
    expect(response.body).not.toMatch(/markup/i);
    const [row] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, booking.pnr));
    expect(row?.markup).toMatchObject({
      amount: 50_000,
      currency: 'NPR',
      legs: [{ scope: 'route', amount: 50_000 }],
    });
    // The supplier holds and records its own price; the markup is the brand's.
    const [leg] = await t.app.db
      .select()
      .from(bookingLegs)
      .where(eq(bookingLegs.bookingId, row?.id ?? ''));
    const [hold] = await t.app.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.locator, leg?.locator ?? ''));
    expect(hold?.total).toBe(plain.price.total);
    const seen = await api(t, { method: 'GET', url: `/bookings/${booking.pnr}`, cookie: customer });
    expect(seen.body).not.toMatch(/markup/i);
    const adminView = (await admin('GET', `/admin/bookings/${booking.pnr}`)).json().data;
    expect(adminView.markup).toMatchObject({
      amount: 50_000,
      currency: 'NPR',
      legs: [{ scope: 'route', kind: 'fixed', amount: 50_000 }],
    });
  });

  it('answers PRICE_CHANGED with the new price when a markup changed after the search', async () => {
    const offer = await priceOf(plain, { cookie: customer });
    const [route] = (await admin('GET', '/admin/markups'))
      .json()
      .data.filter((m: { scope: string }) => m.scope === 'route');
    const changed = await admin('PUT', `/admin/markups/${route.id}`, {
      scope: 'route',
      origin: 'KTM',
      destination: 'PKR',
      kind: 'fixed',
      value: 60_000,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const response = await postBooking(t, customer, bookingBody([offer]));
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().data).toMatchObject({
      code: 'PRICE_CHANGED',
      old_price: { total: plain.price.total + 50_000 },
      new_price: { total: plain.price.total + 60_000 },
    });
    const again = await priceOf(plain, { cookie: customer });
    expect(again.price.total).toBe(plain.price.total + 60_000);
    expect((await postBooking(t, customer, bookingBody([again]))).statusCode).toBe(200);
  });

  it('deletes markups (prices fall back) and audits every change', async () => {
    const list = (await admin('GET', '/admin/markups')).json().data as { id: string; scope: string }[];
    expect(list.map((m) => m.scope)).toEqual(['all', 'airline', 'route']);
    for (const m of list.filter((m) => m.id !== allId)) {
      expect((await admin('DELETE', `/admin/markups/${m.id}`)).statusCode).toBe(200);
    }
    const adult = plain.price.per_passenger[0];
    expect((await priceOf(plain)).price.total).toBe(
      plain.price.total + Math.round(((adult?.total ?? 0) * 1000) / 10_000),
    );
    const actions = (await t.app.db.select().from(auditLog))
      .map((a) => a.action)
      .filter((a) => a.startsWith('markup.'));
    expect(actions.sort()).toEqual(
      [
        'markup.create',
        'markup.create',
        'markup.create',
        'markup.update',
        'markup.delete',
        'markup.delete',
      ].sort(),
    );
  });

  it('answers 400 naming the field, 409 for a second markup of a target, 404 for another brand’s', async () => {
    const cases: [unknown, string][] = [
      [{ scope: 'route', kind: 'fixed', value: 100, destination: 'PKR' }, 'origin'],
      [{ scope: 'route', kind: 'fixed', value: 100, origin: 'KTM', destination: 'KTM' }, 'destination'],
      [{ scope: 'airline', kind: 'fixed', value: 100 }, 'airlineCode'],
      [{ scope: 'airline', kind: 'fixed', value: 100, airlineCode: 'TOOLONG' }, 'airlineCode'],
      [{ scope: 'all', kind: 'percent', value: 5001 }, 'value'],
      [{ scope: 'all', kind: 'percent', value: -1 }, 'value'],
      [{ scope: 'all', kind: 'fixed', value: 1.5 }, 'value'],
      [{ scope: 'everyone', kind: 'fixed', value: 1 }, 'scope'],
      [{ scope: 'all', kind: 'fixed', value: 1, currency: 'EUR' }, 'currency'],
    ];
    for (const [payload, field] of cases) {
      const response = await admin('POST', '/admin/markups', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    const duplicate = await admin('POST', '/admin/markups', { scope: 'all', kind: 'fixed', value: 100 });
    expect(duplicate.statusCode).toBe(409);
    const bMarkup = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'POST',
      '/admin/markups',
      { scope: 'all', kind: 'percent', value: 200 },
      GLOBALIME,
    );
    expect(bMarkup.statusCode).toBe(200);
    const id = bMarkup.json().data.id;
    expect(
      (await admin('PUT', `/admin/markups/${id}`, { scope: 'all', kind: 'percent', value: 1 })).statusCode,
    ).toBe(404);
    expect((await admin('DELETE', `/admin/markups/${id}`)).statusCode).toBe(404);
    expect((await admin('GET', '/admin/markups')).body).not.toContain(id);
    // Brand B's markup leaves brand A's prices alone.
    const adult = plain.price.per_passenger[0];
    expect((await priceOf(plain)).price.total).toBe(
      plain.price.total + Math.round(((adult?.total ?? 0) * 1000) / 10_000),
    );
  });
});
