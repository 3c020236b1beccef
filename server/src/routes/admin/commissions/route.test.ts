import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { FlightOffer } from '#shared/flights';
import { auditLog, users } from '../../../db/schema/index';
import { DEMO_GRANTED_COMMISSION_PERCENT } from '../../../seed/demo-brands';
import { api, GLOBALIME, logIn } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { bookingBody, findOffer, payBooking, postBooking } from '../../../test/bookings';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
let agentBearer: string;
let agentUserToken: string;
let agentId: string;

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  const { token, response } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
  agentBearer = token ?? '';
  agentUserToken = response.json().data.userToken;
  const [agent] = await t.app.db.select().from(users).where(eq(users.email, 'agent@sajilo.example'));
  agentId = agent?.id ?? '';
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method, url, payload);

/** The seed's call (§7) by which an agent sets their own commission. */
async function setOwnCommission(percent: number) {
  const response = await api(t, {
    method: 'POST',
    url: '/update-user-profile',
    bearer: agentBearer,
    payload: { commission_percent: percent, 'user-token': agentUserToken },
  });
  expect(response.statusCode).toBe(200);
}

/** The agent's first direct KTM→PKR offer as they see it now. */
const agentOffer = () => findOffer(t, { cookie: sessions.sajiloAgent });

async function walletBalance() {
  const me = await api(t, { url: '/me', bearer: agentBearer });
  return me.json().data.wallet_balance as number;
}

/** Holds the offer and pays it from the agent's wallet; answers what the wallet was charged. */
async function bookAndPayFromWallet(offer: FlightOffer) {
  const before = await walletBalance();
  const held = await postBooking(t, sessions.sajiloAgent, bookingBody([offer]), randomUUID());
  expect(held.statusCode).toBe(200);
  const booking = held.json().data as Booking;
  const paid = await payBooking(t, sessions.sajiloAgent, booking.pnr, 'wallet');
  expect(paid.statusCode).toBe(200);
  return { booking, charged: before - (await walletBalance()) };
}

describe("an agent's own commission is their markup, never a discount", () => {
  it('at 0 % and at 20 % the wallet is charged the same; at 20 % the client is sold higher', async () => {
    await setOwnCommission(0);
    const atZero = await agentOffer();
    await setOwnCommission(20);
    const atTwenty = await agentOffer();
    expect(atTwenty.id).toBe(atZero.id);

    // What the agency grants does not move with what the agent sets.
    for (const offer of [atZero, atTwenty]) {
      expect(offer.price.commission?.percent).toBe(DEMO_GRANTED_COMMISSION_PERCENT);
    }
    expect(atTwenty.price.commission).toEqual(atZero.price.commission);
    expect(atTwenty.price.total).toBe(atZero.price.total);
    expect(atZero.price.agent_markup).toEqual({ percent: 0, amount: 0, selling_total: atZero.price.total });
    expect(atTwenty.price.agent_markup?.percent).toBe(20);
    expect(atTwenty.price.agent_markup?.amount).toBe(Math.round(atTwenty.price.total * 0.2));
    expect(atTwenty.price.agent_markup?.selling_total).toBeGreaterThan(atZero.price.total);

    await setOwnCommission(0);
    const zeroPaid = await bookAndPayFromWallet(await agentOffer());
    await setOwnCommission(20);
    const twentyPaid = await bookAndPayFromWallet(await agentOffer());
    expect(twentyPaid.charged).toBe(zeroPaid.charged);
    expect(twentyPaid.charged).toBe(atZero.price.commission?.net_total);
    // The booking keeps the selling price the agent quoted their client, for their documents.
    expect(twentyPaid.booking.price.agent_markup?.selling_total).toBe(
      atTwenty.price.agent_markup?.selling_total,
    );
    expect(zeroPaid.booking.price.agent_markup?.amount).toBe(0);
  });

  it('travellers see no commission and no markup', async () => {
    const visitor = await findOffer(t);
    expect(visitor.price.commission).toBeNull();
    expect(visitor.price.agent_markup ?? null).toBeNull();
  });
});

describe('the commission the agency grants (admin)', () => {
  const grantedNow = async () => (await agentOffer()).price.commission?.percent;

  it('applies the brand default, then the group, then the agent’s own, never above the maximum', async () => {
    const policy = await admin('PUT', '/admin/commissions', {
      defaultGrantedCommissionPercent: 2,
      maxGrantedCommissionPercent: 8,
    });
    expect(policy.statusCode).toBe(200);
    expect(await grantedNow()).toBe(2);

    const created = await admin('POST', '/admin/agent-groups', { name: 'Gold', grantedCommissionPercent: 6 });
    expect(created.statusCode).toBe(200);
    const gold = created.json().data.groups.find((g: { name: string }) => g.name === 'Gold');
    expect(gold).toMatchObject({ grantedCommissionPercent: 6, agents: 0 });

    const inGroup = await admin('PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: null,
      agentGroupId: gold.id,
    });
    expect(inGroup.statusCode).toBe(200);
    expect(inGroup.json().data).toMatchObject({ agentGroupId: gold.id, grantedCommissionPercent: 6 });
    expect(await grantedNow()).toBe(6);

    const own = await admin('PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: 7.5,
      agentGroupId: gold.id,
    });
    expect(own.json().data).toMatchObject({
      ownGrantedCommissionPercent: 7.5,
      grantedCommissionPercent: 7.5,
    });
    expect(await grantedNow()).toBe(7.5);

    // Lowering the maximum caps every rate set before it.
    await admin('PUT', '/admin/commissions', {
      defaultGrantedCommissionPercent: 2,
      maxGrantedCommissionPercent: 5,
    });
    expect(await grantedNow()).toBe(5);
    expect((await admin('GET', `/admin/users/${agentId}`)).json().data.grantedCommissionPercent).toBe(5);
  });

  it('refuses rates above the maximum, a default above it, non-agents and another brand’s group, naming the field', async () => {
    const cases: [string, string, unknown, string][] = [
      [
        'PUT',
        `/admin/users/${agentId}/commission`,
        { grantedCommissionPercent: 9, agentGroupId: null },
        'grantedCommissionPercent',
      ],
      [
        'POST',
        '/admin/agent-groups',
        { name: 'Platinum', grantedCommissionPercent: 50 },
        'grantedCommissionPercent',
      ],
      [
        'PUT',
        '/admin/commissions',
        { defaultGrantedCommissionPercent: 9, maxGrantedCommissionPercent: 5 },
        'defaultGrantedCommissionPercent',
      ],
      [
        'PUT',
        '/admin/commissions',
        { defaultGrantedCommissionPercent: 1, maxGrantedCommissionPercent: 101 },
        'maxGrantedCommissionPercent',
      ],
      ['POST', '/admin/agent-groups', { name: 'Gold', grantedCommissionPercent: 1 }, 'name'],
    ];
    for (const [method, url, payload, field] of cases) {
      const response = await admin(method as 'PUT', url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(Object.keys(response.json().data.fields)).toEqual([field]);
    }

    const [customer] = await t.app.db.select().from(users).where(eq(users.email, 'customer@sajilo.example'));
    const notAgent = await admin('PUT', `/admin/users/${customer?.id}/commission`, {
      grantedCommissionPercent: 1,
      agentGroupId: null,
    });
    expect(notAgent.statusCode).toBe(400);

    const elsewhere = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'POST',
      '/admin/agent-groups',
      { name: 'Silver', grantedCommissionPercent: 1 },
      GLOBALIME,
    );
    const silverId = elsewhere.json().data.groups[0].id;
    const foreignGroup = await admin('PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: null,
      agentGroupId: silverId,
    });
    expect(foreignGroup.statusCode).toBe(400);
    expect(foreignGroup.json().data.fields).toHaveProperty('agentGroupId');
    expect(
      (await admin('PUT', `/admin/agent-groups/${silverId}`, { name: 'Mine', grantedCommissionPercent: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it('an agent cannot grant themselves commission', async () => {
    const response = await asAdmin(t, sessions.sajiloAgent, 'PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: 5,
      agentGroupId: null,
    });
    expect(response.statusCode).toBe(403);
    expect((await asAdmin(t, sessions.sajiloAgent, 'GET', '/admin/commissions')).statusCode).toBe(403);
  });

  it('audits every change, and deleting a group returns its agents to their own rate or the default', async () => {
    const groups = (await admin('GET', '/admin/commissions')).json().data.groups;
    const gold = groups.find((g: { name: string }) => g.name === 'Gold');
    expect(gold.agents).toBe(1);
    await admin('PUT', `/admin/users/${agentId}/commission`, {
      grantedCommissionPercent: null,
      agentGroupId: gold.id,
    });
    expect((await admin('DELETE', `/admin/agent-groups/${gold.id}`)).statusCode).toBe(200);
    expect(await grantedNow()).toBe(2);

    const brandId = (await t.app.db.select().from(users).where(eq(users.id, agentId)))[0]?.brandId ?? '';
    const actions = (
      await t.app.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(and(eq(auditLog.brandId, brandId)))
    ).map((row) => row.action);
    for (const action of [
      'commission.policy',
      'agent-group.create',
      'agent-group.delete',
      'user.granted-commission',
    ]) {
      expect(actions).toContain(action);
    }
  });
});
