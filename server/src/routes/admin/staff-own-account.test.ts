import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingDetail, ManualRefund } from '#shared/admin-bookings';
import { auditLog, users, walletEntries } from '../../db/schema/index';
import { api, logInDemo } from '../../test/accounts';
import { asAdmin } from '../../test/admin';
import { holdBooking } from '../../test/bookings';
import {
  createSandboxTestApp,
  followReturn,
  paidAtGateway,
  type SandboxTestApp,
} from '../../test/payment-sandbox';
import { addStaffMember } from '../../test/staff';

/**
 * No one moves money to themselves (docs/security.md#no-one-moves-money-to-themselves): staff
 * (users of type `admin`, who have a wallet and may book like an agent) cannot credit, settle,
 * give credit or commission to, void, refund a disruption of or record a refund by hand to their
 * own account or another staff member's; the commission rates are the owner's and finance's.
 */

let t: SandboxTestApp;
let owner: { cookie: string; id: string };
let finance: { cookie: string; id: string };
let sales: { cookie: string; id: string };
let agentId: string;

const idOf = async (email: string) => {
  const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};

beforeAll(async () => {
  t = await createSandboxTestApp({}, { publicUrl: true });
  owner = { cookie: await logInDemo(t, 'sajilo', 'admin'), id: await idOf('admin@sajilo.example') };
  finance = await addStaffMember(t, 'finance', { ownerCookie: owner.cookie });
  sales = await addStaffMember(t, 'sales', { ownerCookie: owner.cookie });
  agentId = await idOf('agent@sajilo.example');
});
afterAll(() => t.close());

/** What a refused attempt must leave as it was: the wallet, its entries and the audit log. */
async function moneyStateOf(userId: string) {
  const [user] = await t.app.db
    .select({
      balance: users.walletBalance,
      creditLimit: users.walletCreditLimit,
      granted: users.grantedCommissionPercent,
    })
    .from(users)
    .where(eq(users.id, userId));
  const entries = await t.app.db.select().from(walletEntries).where(eq(walletEntries.userId, userId));
  const audited = await t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'user'), eq(auditLog.entityId, userId)));
  return { user, entries: entries.length, audited: audited.length };
}

function expectRefused(response: Awaited<ReturnType<typeof asAdmin>>) {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json().data).toMatchObject({
    code: 'STAFF_OWN_ACCOUNT',
    error: expect.stringContaining('their own account or another staff member'),
  });
}

const walletCalls = [
  ['a top-up', 'POST', 'wallet/top-ups', { amount: 1_000_000, reference: 'SELF-TOPUP-1' }],
  ['a settlement', 'POST', 'wallet/settlements', { amount: 1_000_000, reference: 'SELF-SETTLE-1' }],
  ['a credit limit', 'PUT', 'wallet/credit-limit', { creditLimit: 5_000_000 }],
] as const;

describe('a staff member’s own account and other staff members’', () => {
  const pairs = [
    ['finance, to their own wallet', () => finance, () => finance.id],
    ['finance, to the owner’s wallet', () => finance, () => owner.id],
    ['the owner, to their own wallet', () => owner, () => owner.id],
    ['the owner, to a finance member’s wallet', () => owner, () => finance.id],
    ['the owner, to a sales member’s wallet', () => owner, () => sales.id],
  ] as const;

  for (const [what, method, path, payload] of walletCalls) {
    it.each(pairs)(`refuses ${what} by %s with 403, writing nothing`, async (_, actor, target) => {
      const before = await moneyStateOf(target());
      const response = await asAdmin(t, actor().cookie, method, `/admin/users/${target()}/${path}`, payload);
      expectRefused(response);
      expect(await moneyStateOf(target())).toEqual(before);
    });
  }

  it('refuses a granted commission to one’s own account or another staff member’s', async () => {
    for (const [actor, target] of [
      [sales, sales.id],
      [sales, finance.id],
      [sales, owner.id],
      [owner, owner.id],
      [owner, sales.id],
    ] as const) {
      const before = await moneyStateOf(target);
      const response = await asAdmin(t, actor.cookie, 'PUT', `/admin/users/${target}/commission`, {
        grantedCommissionPercent: 9,
        agentGroupId: null,
      });
      expectRefused(response);
      expect(await moneyStateOf(target)).toEqual(before);
    }
  });

  it('still lets finance credit and settle an agent’s wallet, and sales set an agent’s commission', async () => {
    const topUp = await asAdmin(t, finance.cookie, 'POST', `/admin/users/${agentId}/wallet/top-ups`, {
      amount: 10_000,
      reference: 'AGENT-TOPUP-1',
    });
    expect(topUp.statusCode, topUp.body).toBe(200);
    const limit = await asAdmin(t, finance.cookie, 'PUT', `/admin/users/${agentId}/wallet/credit-limit`, {
      creditLimit: 20_000,
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const commission = await asAdmin(t, sales.cookie, 'PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: 1,
      agentGroupId: null,
    });
    expect(commission.statusCode, commission.body).toBe(200);
  });
});

describe('commission rates: the owner’s and finance’s, not sales’s', () => {
  const policyOf = async () => (await asAdmin(t, owner.cookie, 'GET', '/admin/commissions')).json().data;

  it('refuses sales the default and maximum granted commission and the agent groups', async () => {
    const before = await policyOf();
    const group = await asAdmin(t, owner.cookie, 'POST', '/admin/agent-groups', {
      name: 'Owner’s group',
      grantedCommissionPercent: 1,
    });
    expect(group.statusCode, group.body).toBe(200);
    const groupId = group.json().data.groups.find((g: { name: string }) => g.name === 'Owner’s group').id;
    const withGroup = await policyOf();
    for (const [method, url, payload] of [
      ['PUT', '/admin/commissions', { defaultGrantedCommissionPercent: 5, maxGrantedCommissionPercent: 50 }],
      ['POST', '/admin/agent-groups', { name: 'Sales’s own group', grantedCommissionPercent: 40 }],
      ['PUT', `/admin/agent-groups/${groupId}`, { name: 'Owner’s group', grantedCommissionPercent: 40 }],
      ['DELETE', `/admin/agent-groups/${groupId}`, undefined],
    ] as const) {
      const response = await asAdmin(t, sales.cookie, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().data.code).toBe('FORBIDDEN');
    }
    expect(await policyOf()).toEqual(withGroup);
    expect(withGroup.maxGrantedCommissionPercent).toBe(before.maxGrantedCommissionPercent);
  });

  it('lets finance set them', async () => {
    const current = await policyOf();
    const set = await asAdmin(t, finance.cookie, 'PUT', '/admin/commissions', {
      defaultGrantedCommissionPercent: current.defaultGrantedCommissionPercent,
      maxGrantedCommissionPercent: current.maxGrantedCommissionPercent,
    });
    expect(set.statusCode, set.body).toBe(200);
    const group = await asAdmin(t, finance.cookie, 'POST', '/admin/agent-groups', {
      name: 'Finance’s group',
      grantedCommissionPercent: 1,
    });
    expect(group.statusCode, group.body).toBe(200);
  });
});

describe('refunds of a staff member’s own booking', () => {
  /** A booking of `cookie`'s, paid through eSewa's sandbox: ticketed. */
  async function paidThroughEsewa(cookie: string, days: number) {
    const held = await holdBooking(t, cookie, { days });
    await followReturn(t.app, await paidAtGateway(t, cookie, held.pnr, 'esewa'));
    const detail = (await asAdmin(t, owner.cookie, 'GET', `/admin/bookings/${held.pnr}`)).json()
      .data as AdminBookingDetail;
    expect(detail.booking.status).toBe('ticketed');
    return detail;
  }
  const statusOf = async (pnr: string) =>
    ((await asAdmin(t, owner.cookie, 'GET', `/admin/bookings/${pnr}`)).json().data as AdminBookingDetail)
      .booking.status;

  it('refuses recording a refund by hand to oneself or another staff member', async () => {
    const { booking } = await paidThroughEsewa(finance.cookie, 19);
    const cancelled = await api(t, {
      method: 'POST',
      url: `/bookings/${booking.pnr}/cancel`,
      cookie: finance.cookie,
      payload: { confirm: true },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const waiting = (
      (await asAdmin(t, owner.cookie, 'GET', '/admin/refunds')).json().data as ManualRefund[]
    ).find((refund) => refund.pnr === booking.pnr);
    if (!waiting) throw new Error('no refund to make by hand');
    for (const cookie of [finance.cookie, owner.cookie]) {
      expectRefused(
        await asAdmin(t, cookie, 'POST', `/admin/bookings/${booking.pnr}/refunds/${waiting.id}/complete`, {
          reference: 'ESW-RF-SELF-1',
        }),
      );
    }
    const still = (await asAdmin(t, owner.cookie, 'GET', '/admin/refunds')).json().data as ManualRefund[];
    expect(still.map((refund) => refund.id)).toContain(waiting.id);
  });

  it('refuses voiding one’s own tickets or another staff member’s', async () => {
    const { booking } = await paidThroughEsewa(sales.cookie, 20);
    for (const cookie of [owner.cookie, finance.cookie]) {
      expectRefused(
        await asAdmin(t, cookie, 'POST', `/admin/bookings/${booking.pnr}/void`, { confirm: true }),
      );
    }
    expect(await statusOf(booking.pnr)).toBe('ticketed');
  });

  it('refuses a disrupted flight’s full refund of a staff member’s booking, not a traveller’s', async () => {
    const { booking, flights } = await paidThroughEsewa(finance.cookie, 21);
    const customer = await logInDemo(t, 'sajilo', 'customer');
    const travellers = await holdBooking(t, customer, { days: 21 });
    const flightId = flights[0]?.flightId ?? '';
    const marked = await asAdmin(t, owner.cookie, 'POST', `/admin/flights/${flightId}/disruptions`, {
      reason: 'weather',
      change: 'cancelled',
      note: 'Pokhara is closed by cloud all day.',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    for (const cookie of [finance.cookie, owner.cookie]) {
      expectRefused(await asAdmin(t, cookie, 'POST', `/admin/bookings/${booking.pnr}/disruption/refund`));
    }
    expect(await statusOf(booking.pnr)).toBe('ticketed');
    const refunded = await asAdmin(
      t,
      finance.cookie,
      'POST',
      `/admin/bookings/${travellers.pnr}/disruption/refund`,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
  });
});
