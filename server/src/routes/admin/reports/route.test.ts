import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportRow } from '#shared/admin-money';
import { dateOf, todayInNepal } from '../../../domain/flight-engine/calendar';
import { api, GLOBALIME, logInDemo } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { holdBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
const today = dateOf(todayInNepal());
const weekAgo = dateOf(todayInNepal() - 6);
let paidTotal = 0;
let commission = 0;
let route = '';
let airline = '';

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  const agent = await logInDemo(t, 'sajilo', 'agent');
  const customer = await logInDemo(t, 'sajilo', 'customer');
  for (const days of [3, 4]) {
    const booking = await holdBooking(t, agent, { days });
    const paid = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/payments`,
      cookie: agent,
      payload: { method: 'wallet' },
    });
    if (paid.statusCode !== 200) throw new Error(paid.body);
    paidTotal += booking.price.total;
    commission += booking.price.commission?.amount ?? 0;
    route = booking.legs[0]?.segments[0]
      ? `${booking.legs[0].segments[0].depart_code} → ${booking.legs[0].segments.at(-1)?.dest_code}`
      : '';
    airline = booking.legs[0]?.segments[0]?.airline_code ?? '';
  }
  // Held, never paid: counted as a booking, not as a sale.
  await holdBooking(t, customer, { days: 5 });
  // Brand B's sale never shows in brand A's report.
  const bAgent = await logInDemo(t, 'globalime', 'agent');
  const bBooking = await holdBooking(t, bAgent, { host: GLOBALIME });
  await api(t, {
    method: 'POST',
    url: `/bookings/${bBooking.pnr}/payments`,
    cookie: bAgent,
    host: GLOBALIME,
    payload: { method: 'wallet' },
  });
});
afterAll(() => t.close());

const report = (query: string) => asAdmin(t, sessions.sajiloAdmin, 'GET', `/admin/reports?${query}`);

describe('sales reports', () => {
  it('per Kathmandu day: every day of the range, today with its bookings, sales and commission', async () => {
    const response = await report(`from=${weekAgo}&to=${today}&groupBy=day`);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data;
    expect(data.timeZone).toBe('Asia/Kathmandu');
    expect(data.rows.map((r: ReportRow) => r.key)).toHaveLength(7);
    const row = data.rows.find((r: ReportRow) => r.key === today);
    expect(row).toMatchObject({
      currency: 'NPR',
      bookings: 3,
      paidBookings: 2,
      sales: paidTotal,
      commission,
    });
    expect(commission).toBeGreaterThan(0);
    expect(
      data.rows.filter((r: ReportRow) => r.key !== today).every((r: ReportRow) => r.bookings === 0),
    ).toBe(true);
    expect(data.totals).toEqual([
      {
        currency: 'NPR',
        bookings: 3,
        paidBookings: 2,
        sales: paidTotal,
        commission,
        markup: 0,
        changes: 0,
        changeFareDifference: 0,
        changeFees: 0,
        changeRevenue: 0,
        refunds: 0,
        cancellationFees: 0,
        netSales: paidTotal,
      },
    ]);
  });

  it('per route, airline and agent', async () => {
    const byRoute = (await report(`from=${today}&to=${today}&groupBy=route`)).json().data.rows;
    expect(byRoute.find((r: ReportRow) => r.key === route)).toMatchObject({
      paidBookings: 2,
      sales: paidTotal,
    });
    const byAirline = (await report(`from=${today}&to=${today}&groupBy=airline`)).json().data.rows;
    expect(byAirline.find((r: ReportRow) => r.key === airline)?.label).toMatch(new RegExp(`^${airline} `));
    const byAgent = (await report(`from=${today}&to=${today}&groupBy=agent`)).json().data.rows as ReportRow[];
    const agentRow = byAgent.find((r) => r.label.includes('agent@sajilo.example'));
    expect(agentRow).toMatchObject({ bookings: 2, paidBookings: 2, sales: paidTotal, commission });
    const customerRow = byAgent.find((r) => r.label.includes('customer@sajilo.example'));
    expect(customerRow).toMatchObject({ bookings: 1, paidBookings: 0, sales: 0 });
    expect(JSON.stringify(byAgent)).not.toMatch(/globalime/i);
  });

  it('exports the same as CSV', async () => {
    const response = await asAdmin(
      t,
      sessions.sajiloAdmin,
      'GET',
      `/admin/reports.csv?from=${today}&to=${today}&groupBy=day`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="sales-by-day-${today}-${today}.csv"`,
    );
    const [header, line] = response.body.split('\r\n');
    expect(header).toBe(
      'day,currency,bookings,paid_bookings,sales,commission,markup,sales_minor,commission_minor,markup_minor,' +
        'changes,change_fare_difference,change_fees,change_revenue,change_fare_difference_minor,change_fees_minor,change_revenue_minor,' +
        'refunds,cancellation_fees,net_sales,refunds_minor,cancellation_fees_minor,net_sales_minor',
    );
    const rupees = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
    expect(line).toBe(
      `${today},NPR,3,2,${rupees(paidTotal)},${rupees(commission)},0.00,${paidTotal},${commission},0,0,0.00,0.00,0.00,0,0,0,0.00,0.00,${rupees(paidTotal)},0,0,${paidTotal}`,
    );
  });

  it('answers 400 naming the field for bad ranges and groups', async () => {
    for (const [query, field] of [
      [`from=${today}&to=${weekAgo}`, 'to'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      [`from=2024-01-01&to=${today}`, 'to'],
      [`from=${today}&to=${today}&groupBy=week`, 'groupBy'],
      [`to=${today}`, 'from'],
    ] as const) {
      const response = await report(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data.fields, query).toHaveProperty(field);
    }
  });
});
