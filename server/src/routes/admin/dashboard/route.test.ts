import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import type { AdminDashboard } from '#shared/admin-dashboard';
import { api, GLOBALIME, logInDemo } from '../../../test/accounts';
import { asAdmin } from '../../../test/admin';
import { holdBooking, payBooking } from '../../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  paidAtGateway,
  type SandboxTestApp,
} from '../../../test/payment-sandbox';

/**
 * The console's landing page (docs/admin.md#dashboard): each figure moves when the counter's real
 * work happens — a sale, a ticket, a refund, a hold, a disruption, an agent without money.
 */

let t: SandboxTestApp;
let owner: string;
let agent: string;
let customer: string;
beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  owner = await logInDemo(t, 'sajilo', 'admin');
  agent = await logInDemo(t, 'sajilo', 'agent');
  customer = await logInDemo(t, 'sajilo', 'customer');
});
afterAll(() => t.close());

const dashboard = async (cookie = owner) => {
  const response = await asAdmin(t, cookie, 'GET', '/admin/dashboard');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as AdminDashboard;
};
const detail = async (pnr: string) =>
  (await asAdmin(t, owner, 'GET', `/admin/bookings/${pnr}`)).json().data as AdminBookingDetail;
const npr = <T extends { currency: string }>(rows: T[]) => rows.find((row) => row.currency === 'NPR');

describe('GET /admin/dashboard', () => {
  it('counts today’s sales, tickets and refunds, and lists holds about to lapse', async () => {
    const before = await dashboard();
    expect(before.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const held = await holdBooking(t, agent, { days: 9 });
    const sold = await holdBooking(t, agent, { days: 10 });
    expect((await payBooking(t, agent, sold.pnr, 'wallet')).statusCode).toBe(200);
    const soldDetail = await detail(sold.pnr);
    const ticketNumbers = new Set(soldDetail.booking.tickets.map((ticket) => ticket.ticket_number));
    expect(ticketNumbers.size).toBeGreaterThan(0);

    const after = await dashboard();
    expect(npr(after.today.sales)?.bookings).toBe((npr(before.today.sales)?.bookings ?? 0) + 1);
    expect(npr(after.today.sales)?.amount).toBe(
      (npr(before.today.sales)?.amount ?? 0) + soldDetail.booking.price.total,
    );
    expect(after.today.tickets).toBe(before.today.tickets + ticketNumbers.size);
    // A 20-minute hold lapses within the hour: listed with its contact and total.
    expect(after.lapsingHolds.count).toBe(before.lapsingHolds.count + 1);
    expect(after.lapsingHolds.items).toContainEqual(
      expect.objectContaining({ pnr: held.pnr, contactName: held.contact.name, total: held.price.total }),
    );
    expect(after.lapsingHolds.items.some((item) => item.pnr === sold.pnr)).toBe(false);

    // Cancelled by the agency: a refund started today.
    const cancelled = await asAdmin(t, owner, 'POST', `/admin/bookings/${sold.pnr}/cancel`, {
      confirm: true,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = (await detail(sold.pnr)).refunds[0];
    if (!refund) throw new Error('no refund');
    const afterCancel = await dashboard();
    expect(npr(afterCancel.today.refunds)?.refunds).toBe((npr(after.today.refunds)?.refunds ?? 0) + 1);
    expect(npr(afterCancel.today.refunds)?.amount).toBe(
      (npr(after.today.refunds)?.amount ?? 0) + refund.amount,
    );
    // Refunded bookings are no sales (as in the sales report).
    expect(npr(afterCancel.today.sales)?.bookings ?? 0).toBe(npr(before.today.sales)?.bookings ?? 0);
  });

  it('lists refunds owed by hand until one is recorded as paid back', async () => {
    const before = await dashboard();
    const held = await holdBooking(t, customer, { days: 12 });
    await followReturn(t.app, await paidAtGateway(t, customer, held.pnr, 'esewa'));
    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${held.pnr}/cancel`,
      cookie: customer,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = (await detail(held.pnr)).refunds[0];
    if (!refund) throw new Error('no refund');

    const owed = await dashboard();
    expect(owed.handRefunds.count).toBe(before.handRefunds.count + 1);
    expect(npr(owed.handRefunds.totals)?.amount).toBe(
      (npr(before.handRefunds.totals)?.amount ?? 0) + refund.amount,
    );
    expect(owed.handRefunds.oldestAt).not.toBeNull();

    const done = await asAdmin(
      t,
      owner,
      'POST',
      `/admin/bookings/${held.pnr}/refunds/${refund.id}/complete`,
      {
        reference: 'ESW-DASH-0001',
      },
    );
    expect(done.statusCode, done.body).toBe(200);
    expect((await dashboard()).handRefunds.count).toBe(before.handRefunds.count);
  });

  it('lists agents below the low mark, and disrupted flights until their travellers are answered', async () => {
    const created = await asAdmin(t, owner, 'POST', '/admin/users', {
      firstName: 'Kamala',
      lastName: 'Low',
      email: 'kamala.low@example.com',
      type: 'agent',
    });
    expect(created.statusCode, created.body).toBe(200);
    const kamala = created.json().data as { id: string };
    const low = await dashboard();
    expect(low.lowWallets.lowMark).toBe(t.app.env.WALLET_LOW_BALANCE_MINOR);
    expect(low.lowWallets.items).toContainEqual(
      expect.objectContaining({ userId: kamala.id, name: 'Kamala Low', balance: 0, currency: 'NPR' }),
    );
    const topUp = await asAdmin(t, owner, 'POST', `/admin/users/${kamala.id}/wallet/top-ups`, {
      amount: t.app.env.WALLET_LOW_BALANCE_MINOR,
      reference: 'DASH-TOPUP-1',
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const topped = await dashboard();
    expect(topped.lowWallets.items.some((item) => item.userId === kamala.id)).toBe(false);
    expect(topped.lowWallets.count).toBe(low.lowWallets.count - 1);

    const held = await holdBooking(t, agent, { days: 15 });
    expect((await payBooking(t, agent, held.pnr, 'wallet')).statusCode).toBe(200);
    const flightId = (await detail(held.pnr)).flights[0]?.flightId ?? '';
    const marked = await asAdmin(t, owner, 'POST', `/admin/flights/${flightId}/disruptions`, {
      reason: 'weather',
      note: 'Fog: the flight is delayed.',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const flagged = (marked.json().data as { flagged: string[] }).flagged;
    const disrupted = await dashboard();
    const row = disrupted.disruptedFlights.items.find((item) => item.flightId === flightId);
    expect(row).toMatchObject({ reason: 'weather', change: 'disrupted', bookings: flagged.length });
    expect(flagged).toContain(row?.firstPnr);

    // Another brand's admin sees none of it; an agent may not look.
    const other = await asAdmin(
      t,
      await logInDemo(t, 'globalime', 'admin'),
      'GET',
      '/admin/dashboard',
      undefined,
      GLOBALIME,
    );
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toContain(held.pnr);
    expect(other.body).not.toContain(kamala.id);
    expect((await asAdmin(t, agent, 'GET', '/admin/dashboard')).statusCode).toBe(403);

    // The traveller takes a full refund: nothing left to rebook on that flight.
    const refunded = await asAdmin(t, owner, 'POST', `/admin/bookings/${held.pnr}/disruption/refund`, {});
    expect(refunded.statusCode, refunded.body).toBe(200);
    const answered = await dashboard();
    const left = answered.disruptedFlights.items.find((item) => item.flightId === flightId);
    expect(left?.bookings ?? 0).toBe(flagged.length - 1);
  });
});
