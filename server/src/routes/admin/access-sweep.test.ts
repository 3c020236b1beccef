import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '#shared/staff-roles';
import { smsOutbox } from '../../db/schema/index';
import {
  BRAND_ADMIN_POLICIES,
  PLATFORM_POLICIES,
  type PolicyName,
  staffRolesOf,
} from '../../policies/policy';
import { API, api, logInDemo } from '../../test/accounts';
import {
  adminSessions,
  asAdmin,
  GLOBALIME,
  INVENTORY_SWEEP_CALLS,
  PNG_PIXEL,
  SAJILO,
} from '../../test/admin';
import { holdBooking } from '../../test/bookings';
import { addStaffMember, staffSessionsByRole } from '../../test/staff';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The access sweep (docs/security.md#the-access-sweep): every admin and platform route, called as brand A's
 * (Sajilo's) admin with brand B's (Global IME's) ids, as a non-admin, as nobody, and with B's admin session
 * on A's host. A route added without an entry here fails the sweep.
 */
const ADMIN_POLICIES: PolicyName[] = [...BRAND_ADMIN_POLICIES, ...PLATFORM_POLICIES];

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
/** Brand A's console users, one per staff role (its demo admin is the owner). */
let staffA: Record<StaffRole, string>;
/** Brand B's data that must never show up in brand A's answers. */
let b: {
  brandId: string;
  userId: string;
  partnerAppId: string;
  clientId: string;
  clientSecret: string;
  emailId: string;
  pnr: string;
  flightId: string;
  markupId: string;
  agentGroupId: string;
  walletBalance: number;
  staffMemberId: string;
  staffEmail: string;
  invitationId: string;
  depositRequestId: number;
};
let sajiloSettings: { config: unknown; hosts: string[] };

beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
  const asB = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
    asAdmin(t, sessions.globalimeAdmin, method, url, payload, GLOBALIME);
  const users = (await asB('GET', '/admin/users?type=agent')).json().data.items;
  const partner = (await asB('POST', '/admin/partner-apps', { name: 'B bank' })).json().data;
  await asB('POST', `/admin/users/${users[0].id}/reset-password`);
  const outbox = (await asB('GET', '/admin/outbox')).json().data.items;
  const settings = (await asB('GET', '/admin/brand')).json().data;
  const bAgent = await logInDemo(t, 'globalime', 'agent');
  const held = await holdBooking(t, bAgent, { host: GLOBALIME });
  const deposit = await api(t, {
    method: 'POST',
    url: '/wallet/deposit-requests',
    host: GLOBALIME,
    cookie: bAgent,
    payload: { amount: 50_000, reference: 'B-DEPOSIT-1', deposited_on: '2026-01-05' },
  });
  if (deposit.statusCode !== 201) throw new Error(deposit.body);
  const booking = (await asB('GET', `/admin/bookings/${held.pnr}`)).json().data;
  const markup = (
    await asB('POST', '/admin/markups', { scope: 'airline', airlineCode: 'ZZ', kind: 'percent', value: 300 })
  ).json().data;
  const group = (
    await asB('POST', '/admin/agent-groups', { name: 'B group', grantedCommissionPercent: 1 })
  ).json().data.groups[0];
  const staffB = await addStaffMember(t, 'viewer', {
    host: GLOBALIME,
    ownerCookie: sessions.globalimeAdmin,
    email: 'b.staff@globalime-staff.example',
  });
  const invitation = (
    await asB('POST', '/admin/staff/invitations', {
      email: 'b.invitee@globalime-staff.example',
      role: 'sales',
    })
  ).json().data;
  // An SMS of brand B's in the delivery log, which brand A's SMS log must never show.
  await t.app.db.insert(smsOutbox).values({
    brandId: settings.id,
    kind: 'held',
    dedupeKey: `held:sweep-b-${held.pnr}`,
    to: '+9779811111111',
    language: 'en',
    text: `Global IME: Booking ${held.pnr} held.`,
    parts: 1,
  });
  staffA = await staffSessionsByRole(t);
  b = {
    staffMemberId: staffB.id,
    staffEmail: staffB.email,
    invitationId: invitation.id,
    depositRequestId: deposit.json().data.id,
    brandId: settings.id,
    userId: users[0].id,
    partnerAppId: partner.id,
    clientId: partner.clientId,
    clientSecret: partner.clientSecret,
    emailId: outbox[0].id,
    pnr: held.pnr,
    flightId: booking.flights[0].flightId,
    markupId: markup.id,
    agentGroupId: group.id,
    walletBalance: users[0].walletBalance,
  };
  sajiloSettings = (await asAdmin(t, sessions.sajiloAdmin, 'GET', '/admin/brand')).json().data;
  // Each staff member is made as a person would be (invitation, acceptance, log-in): slow hashes.
}, 240_000);
afterAll(() => t.close());

type Call = { payload?: unknown; contentType?: string; query?: string };
/** A valid request body for each route (so only access decides the answer). */
const CALLS: Record<string, () => Call> = {
  'GET /admin/brand': () => ({}),
  'PUT /admin/brand': () => ({ payload: sajiloSettings }),
  'POST /admin/uploads': () => ({ payload: PNG_PIXEL, contentType: 'image/png' }),
  'GET /admin/users': () => ({}),
  'POST /admin/users': () => ({
    payload: { firstName: 'Sweep', lastName: 'Test', email: `sweep-${Math.random()}@example.com` },
  }),
  'GET /admin/users/:id': () => ({}),
  'PATCH /admin/users/:id': () => ({ payload: { type: 'customer' } }),
  'POST /admin/users/:id/suspend': () => ({}),
  'POST /admin/users/:id/reinstate': () => ({}),
  'POST /admin/users/:id/reset-password': () => ({}),
  'GET /admin/partner-apps': () => ({}),
  'POST /admin/partner-apps': () => ({ payload: { name: 'Sweep partner' } }),
  'POST /admin/partner-apps/:id/rotate-secret': () => ({}),
  'POST /admin/partner-apps/:id/revoke': () => ({}),
  'GET /partner-apps': () => ({}),
  'POST /partner-apps': () => ({ payload: { name: 'Sweep partner' } }),
  'GET /admin/outbox': () => ({}),
  'GET /admin/outbox/:id': () => ({}),
  'GET /admin/sms-outbox': () => ({}),
  'GET /admin/audit': () => ({}),
  'GET /admin/payment-credentials': () => ({}),
  'PUT /admin/payment-credentials/:gateway': () => ({
    payload: { environment: 'test', secrets: { secretKey: 'sweep-khalti-secret' } },
  }),
  'DELETE /admin/payment-credentials/:gateway': () => ({}),
  'GET /admin/supplier-credentials/duffel': () => ({}),
  'PUT /admin/supplier-credentials/duffel': () => ({
    payload: { accessToken: 'duffel_test_sweep_token_1234' },
  }),
  'DELETE /admin/supplier-credentials/duffel': () => ({}),
  'GET /admin/bookings': () => ({}),
  'GET /admin/bookings/:pnr': () => ({}),
  'POST /admin/bookings/:pnr/resend-ticket': () => ({}),
  'POST /admin/bookings/:pnr/cancel': () => ({ payload: { confirm: true } }),
  'POST /admin/bookings/:pnr/void': () => ({ payload: { confirm: false } }),
  'GET /admin/refunds': () => ({}),
  'GET /admin/dashboard': () => ({}),
  'POST /admin/bookings/:pnr/refunds/:refundId/complete': () => ({ payload: { reference: 'SWEEP-0001' } }),
  'POST /admin/bookings/:pnr/change': () => ({
    payload: { leg_index: 0, offer_id: 'house~sweep~1.0.0~npr' },
  }),
  'GET /admin/bookings/:pnr/change-options': () => ({ query: 'leg_index=0&date=2099-01-01' }),
  'POST /admin/flights/:flightId/disruptions': () => ({ payload: { reason: 'weather', note: 'Sweep' } }),
  'GET /admin/bookings/:pnr/rebooking-options': () => ({}),
  'POST /admin/bookings/:pnr/disruption/accept': () => ({}),
  'POST /admin/bookings/:pnr/disruption/rebook': () => ({ payload: { offer_id: 'house~sweep~1.0.0~npr' } }),
  'POST /admin/bookings/:pnr/disruption/refund': () => ({}),
  'POST /admin/users/:id/wallet/top-ups': () => ({
    payload: { amount: 100_000, reference: `SWEEP-${Math.random()}` },
  }),
  'GET /admin/users/:id/wallet/entries': () => ({}),
  'GET /admin/users/:id/wallet/entries.csv': () => ({}),
  'GET /admin/users/:id/wallet/credit': () => ({}),
  'PUT /admin/users/:id/wallet/credit-limit': () => ({ payload: { creditLimit: 100_000 } }),
  'POST /admin/users/:id/wallet/settlements': () => ({
    payload: { amount: 100, reference: `SWEEP-SETTLE-${Math.random()}` },
  }),
  'GET /admin/users/:id/wallet/statement': () => ({ query: 'from=2026-01-01&to=2026-01-31' }),
  'GET /admin/wallets/statement': () => ({ query: 'from=2026-01-01&to=2026-01-31' }),
  'GET /admin/deposit-requests': () => ({ query: 'status=pending' }),
  'GET /admin/deposit-requests/:id/slip': () => ({}),
  'POST /admin/deposit-requests/:id/approve': () => ({ payload: { note: 'Sweep' } }),
  'POST /admin/deposit-requests/:id/reject': () => ({ payload: { note: 'Sweep' } }),
  'GET /admin/approval-policy': () => ({}),
  'PUT /admin/approval-policy': () => ({
    payload: {
      topUpThreshold: 10_000_000,
      creditLimitThreshold: 10_000_000,
      handRefundThreshold: 10_000_000,
      commissionRateThreshold: 1_000,
    },
  }),
  'GET /admin/approvals': () => ({ query: 'status=pending' }),
  'POST /admin/approvals/:id/approve': () => ({}),
  'POST /admin/approvals/:id/reject': () => ({}),
  'GET /admin/markups': () => ({}),
  'POST /admin/markups': () => ({
    payload: { scope: 'route', origin: 'KTM', destination: 'BWA', kind: 'fixed', value: 1 },
  }),
  'PUT /admin/markups/:id': () => ({ payload: { scope: 'all', kind: 'fixed', value: 999_999 } }),
  'DELETE /admin/markups/:id': () => ({}),
  'GET /admin/exchange-rates': () => ({}),
  'PUT /admin/exchange-rates': () => ({
    payload: { effective_date: '2026-11-20', rates: [{ currency: 'USD', unit: 1, npr: 1 }] },
  }),
  'GET /admin/hold-limits': () => ({}),
  'PUT /admin/hold-limits': () => ({
    payload: { unpaidBookings: 3, unpaidSeatsPerFlight: 9, newAccountHoldsPerAddress: 5 },
  }),
  ...INVENTORY_SWEEP_CALLS,
  'GET /admin/commissions': () => ({}),
  'PUT /admin/commissions': () => ({
    payload: { defaultGrantedCommissionPercent: 1, maxGrantedCommissionPercent: 2 },
  }),
  'POST /admin/agent-groups': () => ({
    payload: { name: `Sweep ${Date.now()}`, grantedCommissionPercent: 1 },
  }),
  'PUT /admin/agent-groups/:id': () => ({ payload: { name: 'Swept', grantedCommissionPercent: 1 } }),
  'DELETE /admin/agent-groups/:id': () => ({}),
  'PUT /admin/users/:id/commission': () => ({ payload: { grantedCommissionPercent: 1, agentGroupId: null } }),
  'PUT /admin/users/:id/master-agent': () => ({ payload: { master_agent: true } }),
  'PUT /admin/users/:id/master': () => ({ payload: { master_agent_id: null } }),
  'GET /admin/reports': () => ({ query: 'from=2026-01-01&to=2026-01-31&groupBy=agent' }),
  'GET /admin/reports/sales-register': () => ({ query: 'month=2083-08&format=json' }),
  'GET /admin/tax-profile': () => ({}),
  'GET /admin/finance-settings': () => ({}),
  'PUT /admin/finance-settings': () => ({ payload: { void_fee_npr: 0, void_fee_usd: 0 } }),
  'PUT /admin/tax-profile': () => ({
    payload: { legalName: 'Sweep Travels', address: 'Kathmandu', pan: '123456789', vatNumber: '123456789' },
  }),
  'GET /admin/reports.csv': () => ({ query: 'from=2026-01-01&to=2026-01-31&groupBy=agent' }),
  'GET /admin/staff': () => ({}),
  'POST /admin/staff/invitations': () => ({
    payload: { email: `sweep-${Math.random().toString(36).slice(2)}@staff.example`, role: 'viewer' },
  }),
  'DELETE /admin/staff/invitations/:id': () => ({}),
  'PUT /admin/staff/:id/role': () => ({ payload: { role: 'owner' } }),
  'POST /admin/staff/:id/revoke': () => ({}),
  'GET /platform/brands': () => ({}),
  'POST /platform/brands': () => ({
    payload: {
      slug: `sweep-${Date.now()}`,
      displayName: 'Sweep',
      companyName: 'Sweep Ltd',
      hosts: [`sweep-${Date.now()}.localhost`],
      admin: { firstName: 'A', lastName: 'B', email: 'a@sweep.example' },
    },
  }),
};

function adminRoutes() {
  return t.app.routePolicies
    .filter((route) => ADMIN_POLICIES.includes(route.policy))
    .map((route) => ({ ...route, path: route.url.slice(API.length) }));
}

/** The route with brand B's id of the right kind in place of `:id`. */
function withBrandBIds(path: string): string {
  if (path.includes('/staff/invitations/')) return path.replace(':id', b.invitationId);
  if (path.includes('/staff/')) return path.replace(':id', b.staffMemberId);
  if (path.includes('/users/')) return path.replace(':id', b.userId);
  if (path.includes('/partner-apps/')) return path.replace(':id', b.partnerAppId);
  if (path.includes('/outbox/')) return path.replace(':id', b.emailId);
  // Not an id: a gateway's name (the caller's own brand's credentials).
  if (path.includes(':gateway')) return path.replace(':gateway', 'khalti');
  // Brand B's booking has no refund: a refund id of nobody's beside its PNR.
  if (path.includes(':pnr'))
    return path.replace(':pnr', b.pnr).replace(':refundId', '00000000-0000-4000-8000-000000000000');
  if (path.includes(':flightId')) return path.replace(':flightId', b.flightId);
  if (path.includes('/markups/')) return path.replace(':id', b.markupId);
  if (path.includes('/agent-groups/')) return path.replace(':id', b.agentGroupId);
  if (path.includes('/deposit-requests/')) return path.replace(':id', String(b.depositRequestId));
  // Brand B's owner acts alone, so B has no approval: an id of nobody's.
  if (path.includes('/approvals/')) return path.replace(':id', '999999999');
  if (path.includes(':')) throw new Error(`the sweep does not know the ids of ${path}`);
  return path;
}

function call(route: { method: string; path: string }, cookie: string, host = SAJILO) {
  const key = `${route.method} ${route.path}`;
  const make = CALLS[key];
  if (!make) throw new Error(`add ${key} to the access sweep`);
  const { payload, contentType, query } = make();
  return api(t, {
    method: route.method as 'GET',
    url: `${withBrandBIds(route.path)}${query ? `?${query}` : ''}`,
    cookie,
    host,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  });
}

/** Nothing of brand B in an answer to brand A. */
function expectNoBrandBData(body: string, label: string) {
  for (const secret of [
    b.brandId,
    b.userId,
    b.partnerAppId,
    b.clientId,
    b.clientSecret,
    b.emailId,
    b.pnr,
    b.flightId,
    b.markupId,
    b.agentGroupId,
    b.staffMemberId,
    b.invitationId,
    'globalime',
    'Global IME',
  ]) {
    expect(body, `${label} leaks ${secret}`).not.toContain(secret);
  }
}

describe('the access sweep of every admin route', () => {
  it('knows every admin route (and there are some)', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(Object.keys(CALLS).length);
    for (const route of routes)
      expect(CALLS, `${route.method} ${route.path}`).toHaveProperty(`${route.method} ${route.path}`);
  });

  it('answers 401 without a session, and to brand B’s admin on brand A’s host', async () => {
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.path}`;
      const nobody = await call(route, '');
      expect(nobody.statusCode, label).toBe(401);
      const otherBrand = await call(route, sessions.globalimeAdmin, SAJILO);
      expect(otherBrand.statusCode, label).toBe(401);
      expectNoBrandBData(otherBrand.body, label);
    }
  });

  it('answers 403 to a non-admin of the brand', async () => {
    for (const route of adminRoutes()) {
      const response = await call(route, sessions.sajiloAgent);
      expect(response.statusCode, `${route.method} ${route.path}`).toBe(403);
      expectNoBrandBData(response.body, `${route.method} ${route.path}`);
    }
  });

  it('answers brand A’s admin 404 for brand B’s ids, 403 on platform routes, and never shows brand B', async () => {
    for (const route of adminRoutes()) {
      const label = `${route.method} ${route.path}`;
      const response = await call(route, sessions.sajiloAdmin);
      if (PLATFORM_POLICIES.includes(route.policy)) expect(response.statusCode, label).toBe(403);
      else if (/:(id|pnr|flightId)\b/.test(route.path)) expect(response.statusCode, label).toBe(404);
      else expect(response.statusCode, label).toBe(200);
      expectNoBrandBData(response.body, label);
    }
  });

  it('answers each staff role of brand A as the route’s policy says: 403 FORBIDDEN, or as the owner (404 for brand B’s ids)', async () => {
    for (const route of adminRoutes()) {
      const allowed = staffRolesOf(route.policy);
      for (const role of STAFF_ROLES) {
        const label = `${route.method} ${route.path} as ${role}`;
        const response = await call(route, staffA[role]);
        if (!allowed.includes(role)) {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().data.code, label).toBe('FORBIDDEN');
        } else if (/:(id|pnr|flightId)\b/.test(route.path)) expect(response.statusCode, label).toBe(404);
        else {
          // Allowed: what the owner gets (a repeated create may meet the owner's earlier one: 409).
          expect([200, 409], `${label}: ${response.body}`).toContain(response.statusCode);
        }
        expectNoBrandBData(response.body, label);
      }
    }
  }, 180_000);

  it('left brand B exactly as it was', async () => {
    const asB = (url: string) => asAdmin(t, sessions.globalimeAdmin, 'GET', url, undefined, GLOBALIME);
    const user = (await asB(`/admin/users/${b.userId}`)).json().data;
    expect(user).toMatchObject({ type: 'agent', suspended: false });
    expect(user.walletBalance).toBe(b.walletBalance);
    const entries = (await asB(`/admin/users/${b.userId}/wallet/entries`)).json().data;
    expect(
      entries.items.every(
        (e: { kind: string; reference: string | null }) => !e.reference?.startsWith('SWEEP'),
      ),
    ).toBe(true);
    const markups = (await asB('/admin/markups')).json().data;
    expect(markups).toEqual([expect.objectContaining({ id: b.markupId, scope: 'airline', value: 300 })]);
    const partners = (await asB('/admin/partner-apps')).json().data;
    expect(partners).toEqual([expect.objectContaining({ id: b.partnerAppId, revoked: false })]);
    const token = await api(t, {
      method: 'POST',
      url: '/clients/customer-token',
      host: GLOBALIME,
      payload: {
        clientId: b.clientId,
        clientSecret: b.clientSecret,
        customer: { firstName: 'A', lastName: 'B', mobile: '9851111111' },
      },
    });
    expect(token.statusCode).toBe(200);
    const booking = (await asB(`/admin/bookings/${b.pnr}`)).json().data;
    expect(booking.booking).toMatchObject({ status: 'held', disruptions: [] });
    expect(booking.booking.history).toHaveLength(1);
    const staff = (await asB('/admin/staff')).json().data;
    expect(staff.members).toContainEqual(
      expect.objectContaining({ id: b.staffMemberId, role: 'viewer', revoked: false }),
    );
    expect(staff.invitations).toContainEqual(
      expect.objectContaining({ id: b.invitationId, status: 'pending' }),
    );
    const deposits = (await asB('/admin/deposit-requests')).json().data.items;
    expect(deposits).toEqual([expect.objectContaining({ id: b.depositRequestId, status: 'pending' })]);
    const audit = (await asB('/admin/audit')).json().data.items;
    expect(
      audit.every((entry: { actor: string }) =>
        ['admin@globalime.example', b.staffEmail].includes(entry.actor),
      ),
    ).toBe(true);
  });
});
