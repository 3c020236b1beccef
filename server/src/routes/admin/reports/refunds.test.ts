import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRow, SalesReport } from '#shared/admin-money';
import type { Booking } from '#shared/bookings';
import { bookingEvents, bookings, refunds } from '../../../db/schema/index';
import { dateOf, todayInNepal } from '../../../domain/flight-engine/calendar';
import { api, logInDemo } from '../../../test/accounts';
import { asAdmin } from '../../../test/admin';
import { topUpWallet } from '../../../test/booking-load';
import { adult, bookingBody, findOffer, payBooking, postBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * The sales report net of refunds (docs/admin.md#reports): a booking sold stays in `sales` on the
 * day it was sold; what went back is in `refunds` on the Nepal day each refund was made, the fee
 * kept in `cancellationFees`, and `netSales` = `sales` − `refunds`; the CSV ends with the same.
 */
let t: TestApp;
let agent: string;
let admin: string;
const today = dateOf(todayInNepal());
const yesterday = dateOf(todayInNepal() - 1);
const twoDaysAgo = dateOf(todayInNepal() - 2);

interface Quote {
  paid: number;
  cancellation_fee: number;
  refund: number;
}

/** Two travellers (or one) on the first direct KTM→PKR flight 12 days out, paid from the agent's wallet. */
async function soldBooking(travellers: 1 | 2): Promise<Booking> {
  const passengers =
    travellers === 2
      ? [adult({ first_name: 'Hari' }), adult({ first_name: 'Sita', title: 'Ms', gender: 'female' })]
      : [adult({ first_name: 'Ram' })];
  const offer = await findOffer(t, { cookie: agent, days: 12, adults: travellers });
  const held = await postBooking(t, agent, bookingBody([offer], passengers));
  expect(held.statusCode, held.body).toBe(200);
  const paid = await payBooking(t, agent, (held.json().data as Booking).pnr, 'wallet');
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json().data.booking as Booking;
}

async function cancel(pnr: string, payload: object): Promise<Quote> {
  const done = await api(t, {
    method: 'POST',
    url: `/bookings/${pnr}/cancel`,
    cookie: agent,
    payload: { ...payload, confirm: true },
  });
  expect(done.statusCode, done.body).toBe(200);
  return done.json().data.quote as Quote;
}

async function report(query: string): Promise<SalesReport> {
  const response = await asAdmin(t, admin, 'GET', `/admin/reports?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as SalesReport;
}

const dayRow = (data: SalesReport, day: string) => data.rows.find((row: ReportRow) => row.key === day);

let partial: Booking;
let whole: Booking;
let partQuote: Quote;
let wholeQuote: Quote;

beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  admin = await logInDemo(t, 'sajilo', 'admin');
  await topUpWallet(t.app.db, 'agent@sajilo.example', 100_000_000);
  // Sold two days ago (its sale day), one of its two travellers cancelled today.
  partial = await soldBooking(2);
  await t.app.db
    .update(bookings)
    .set({ createdAt: sql`now() - interval '2 days'` })
    .where(eq(bookings.pnr, partial.pnr));
  const sita = partial.passengers.find((p) => p.first_name === 'Sita')?.id;
  if (!sita) throw new Error('no Sita');
  partQuote = await cancel(partial.pnr, { passengers: [sita] });
  // Sold today and cancelled whole today.
  whole = await soldBooking(1);
  wholeQuote = await cancel(whole.pnr, {});
});
afterAll(() => t.close());

describe('sales report net of refunds', () => {
  it('keeps the sale on its day and counts each refund and fee on the day it was made', async () => {
    expect(partQuote.refund).toBeGreaterThan(0);
    expect(wholeQuote.refund).toBeGreaterThan(0);
    expect(partQuote.refund + partQuote.cancellation_fee).toBe(partQuote.paid);

    const data = await report(`from=${twoDaysAgo}&to=${today}&groupBy=day`);
    expect(dayRow(data, twoDaysAgo)).toMatchObject({
      paidBookings: 1,
      sales: partial.price.total,
      refunds: 0,
      cancellationFees: 0,
      netSales: partial.price.total,
    });
    const refundsToday = partQuote.refund + wholeQuote.refund;
    // The booking cancelled whole is still a sale of today: its refund is what undoes it.
    expect(dayRow(data, today)).toMatchObject({
      paidBookings: 1,
      sales: whole.price.total,
      refunds: refundsToday,
      cancellationFees: partQuote.cancellation_fee + wholeQuote.cancellation_fee,
      netSales: whole.price.total - refundsToday,
    });
    expect(data.totals).toEqual([
      expect.objectContaining({
        currency: 'NPR',
        sales: partial.price.total + whole.price.total,
        refunds: refundsToday,
        cancellationFees: partQuote.cancellation_fee + wholeQuote.cancellation_fee,
        netSales: partial.price.total + whole.price.total - refundsToday,
      }),
    ]);
    // A range that ends before the refunds shows the sale alone.
    const before = await report(`from=${twoDaysAgo}&to=${twoDaysAgo}&groupBy=day`);
    expect(before.totals[0]).toMatchObject({ refunds: 0, netSales: partial.price.total });
  });

  it('puts refunds under the booking’s agent and route', async () => {
    const byAgent = (await report(`from=${today}&to=${today}&groupBy=agent`)).rows;
    const agentRow = byAgent.find((row) => row.label.includes('agent@sajilo.example'));
    // The partly cancelled booking was sold before the range: only its refund is in it.
    expect(agentRow).toMatchObject({
      sales: whole.price.total,
      refunds: partQuote.refund + wholeQuote.refund,
      netSales: whole.price.total - partQuote.refund - wholeQuote.refund,
    });
    const byRoute = (await report(`from=${twoDaysAgo}&to=${today}&groupBy=route`)).rows;
    expect(byRoute.find((row) => row.key === 'KTM → PKR')).toMatchObject({
      refunds: partQuote.refund + wholeQuote.refund,
    });
  });

  it('counts a refund on its Nepal day, not its UTC day', async () => {
    // 18:20 UTC is 00:05 the next day in Kathmandu (UTC+05:45); 18:10 UTC is still 23:55 there.
    const moveRefundTo = async (instant: string) => {
      const [booking] = await t.app.db.select().from(bookings).where(eq(bookings.pnr, whole.pnr));
      if (!booking) throw new Error('no booking');
      await t.app.db
        .update(refunds)
        .set({ createdAt: new Date(instant) })
        .where(eq(refunds.bookingId, booking.id));
      await t.app.db
        .update(bookingEvents)
        .set({ at: new Date(instant) })
        .where(
          sql`${bookingEvents.bookingId} = ${booking.id} and ${bookingEvents.cancellationFee} is not null`,
        );
    };
    await moveRefundTo(`${yesterday}T18:20:00Z`);
    let data = await report(`from=${yesterday}&to=${today}&groupBy=day`);
    expect(dayRow(data, yesterday)?.refunds).toBe(0);
    expect(dayRow(data, today)?.refunds).toBe(partQuote.refund + wholeQuote.refund);

    await moveRefundTo(`${yesterday}T18:10:00Z`);
    data = await report(`from=${yesterday}&to=${today}&groupBy=day`);
    expect(dayRow(data, yesterday)).toMatchObject({
      refunds: wholeQuote.refund,
      cancellationFees: wholeQuote.cancellation_fee,
      netSales: -wholeQuote.refund,
    });
    expect(dayRow(data, today)?.refunds).toBe(partQuote.refund);
    await moveRefundTo(new Date().toISOString());
  });

  it('ends the CSV with refunds, cancellation fees and net sales', async () => {
    const response = await asAdmin(
      t,
      admin,
      'GET',
      `/admin/reports.csv?from=${today}&to=${today}&groupBy=day`,
    );
    expect(response.statusCode).toBe(200);
    const [header, line] = response.body.split('\r\n');
    expect(header).toMatch(
      /,change_revenue_minor,refunds,cancellation_fees,net_sales,refunds_minor,cancellation_fees_minor,net_sales_minor$/,
    );
    const refunded = partQuote.refund + wholeQuote.refund;
    const fees = partQuote.cancellation_fee + wholeQuote.cancellation_fee;
    const net = whole.price.total - refunded;
    const rupees = (n: number) =>
      `${n < 0 ? '-' : ''}${Math.floor(Math.abs(n) / 100)}.${String(Math.abs(n) % 100).padStart(2, '0')}`;
    expect(
      line?.endsWith(`,${rupees(refunded)},${rupees(fees)},${rupees(net)},${refunded},${fees},${net}`),
    ).toBe(true);
  });
});
