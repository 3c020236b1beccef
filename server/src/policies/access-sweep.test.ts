import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '#shared/staff-roles';
import { API, api, GLOBALIME, logInDemo, SAJILO } from '../test/accounts';
import { INVENTORY_SWEEP_CALLS, PNG_PIXEL } from '../test/admin';
import { adult, bookingBody, findOffers, inDays, postBooking } from '../test/bookings';
import { addStaffMember, staffSessionsByRole } from '../test/staff';
import { createTestApp, type TestApp } from '../test/test-app';
import { keyRequirementOf } from './api-key-scopes';
import { BRAND_ADMIN_POLICIES, PLATFORM_POLICIES, type PolicyName, staffRolesOf } from './policy';

/**
 * The access sweep of EVERY API route (docs/security.md#the-access-sweep), enumerated from the route table so
 * a new route is swept without being listed. Brand A (Sajilo) holds the victim's data: an agent's ticketed
 * booking and, for the admin routes, a user, a partner app and an e-mail of the brand. Each route is
 * called, for every id it takes, with no session, with another user of brand A, with brand B's
 * (Global IME's) user of the same kind on B's host, and with the victim's own session on B's host.
 * Another's id answers 404 (401/403 when the caller may not use the route at all), and no answer
 * carries any of the victim's marker strings. The victim's own call is the control: the ids are real.
 */
let t: TestApp;

interface Victim {
  pnr: string;
  bookingId: string;
  agentUserId: string;
  userId: string;
  userEmail: string;
  partnerAppId: string;
  clientId: string;
  emailId: string;
  flightId: string;
  markupId: string;
  agentGroupId: string;
  apiKeyId: string;
  webhookId: string;
  priceAlertId: string;
  webhookDeliveryId: string;
  /** The victim's sub-agent (the victim is made a master agent, docs/accounts.md#sub-agents). */
  subAgentId: string;
  /** A booking of the victim's cancelled with a refund, and its credit note (docs/finance.md). */
  refundedPnr: string;
  /** That booking's refund (a wallet credit: recording it as paid back by hand answers 409). */
  refundId: string;
  creditNoteNumber: string;
  /** The ticketed booking's tax invoice number (its sale's; date changes add more). */
  invoiceNumber: string;
  /** A console user of brand A (a viewer) and a pending staff invitation (docs/admin.md#staff-roles). */
  staffMemberId: string;
  staffEmail: string;
  staffInvitationId: string;
  /** One of the victim's own sessions (its public id, docs/accounts.md#sessions), not the sweep's. */
  sessionId: string;
  /** The victim's request for a wallet top-up (docs/finance-statements.md#deposit-requests). */
  depositRequestId: string;
  /** A top-up of the victim's wallet awaiting a second person (docs/admin.md#four-eyes-approvals). */
  approvalId: string;
}
let victim: Victim;
/** Brand A's console users, one per staff role (its demo admin is the owner). */
let staffA: Record<StaffRole, string>;
type SessionName = 'agentA' | 'customerA' | 'adminA' | 'agentB' | 'adminB';
let sessions: Record<SessionName, string>;
/** A new session of the same user (the sweep calls log-out too, which ends the session it is sent with). */
const fresh = (name: SessionName) =>
  logInDemo(
    t,
    name.endsWith('A') ? 'sajilo' : 'globalime',
    name.slice(0, -1) as 'agent' | 'customer' | 'admin',
  );

/** The victim's data as strings no stranger's answer may contain. */
const MARKER_FIRST_NAME = 'Quillonvane';
const MARKER_CONTACT_EMAIL = 'victim.contact@sweep.example';
const MARKER_WEBHOOK_URL = 'http://127.0.0.1:9/sweep-victim-hook';
const MARKER_SUB_AGENT = 'Sweepsubagent';
let markers: string[];

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_PER_ACCOUNT: '10000',
    // The sweep signs the same demo users in afresh for every route: well over the default 100.
    RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: '100000',
  });
  sessions = {
    agentA: await logInDemo(t, 'sajilo', 'agent'),
    customerA: await logInDemo(t, 'sajilo', 'customer'),
    adminA: await logInDemo(t, 'sajilo', 'admin'),
    agentB: await logInDemo(t, 'globalime', 'agent'),
    adminB: await logInDemo(t, 'globalime', 'admin'),
  };
  // The agent's own API key and webhook (docs/accounts.md#api-keys, docs/webhooks.md); the webhook is told of
  // the hold below.
  const apiKey = (
    await api(t, {
      method: 'POST',
      url: '/api-keys',
      cookie: sessions.agentA,
      payload: { name: 'Sweep victim key' },
    })
  ).json().data;
  const webhook = (
    await api(t, {
      method: 'POST',
      url: '/webhooks',
      cookie: sessions.agentA,
      payload: { url: MARKER_WEBHOOK_URL, events: ['booking.held'] },
    })
  ).json().data;
  const priceAlert = (
    await api(t, {
      method: 'POST',
      url: '/price-alerts',
      cookie: sessions.agentA,
      payload: {
        origin: 'KTM',
        destination: 'PKR',
        from_date: inDays(12),
        to_date: inDays(14),
        seen_total: 500_000,
        currency: 'NPR',
      },
    })
  ).json().data;
  const offers = await findOffers(t, { cookie: sessions.agentA, days: 12 });
  const body = bookingBody(offers.slice(0, 1), [
    adult({ first_name: MARKER_FIRST_NAME, last_name: 'Sweepmark' }),
  ]);
  body.contact = {
    name: `${MARKER_FIRST_NAME} Sweepmark`,
    email: MARKER_CONTACT_EMAIL,
    mobile: '+9779812345670',
  };
  const held = await postBooking(t, sessions.agentA, body);
  expect(held.statusCode, held.body).toBe(200);
  const pnr = held.json().data.pnr as string;
  const paid = await api(t, {
    method: 'POST',
    url: `/bookings/${pnr}/payments`,
    cookie: sessions.agentA,
    payload: { method: 'wallet' },
  });
  expect(paid.json().data.booking.status).toBe('ticketed');
  const me = (await api(t, { method: 'GET', url: '/me', cookie: sessions.agentA })).json().data;
  // A second booking, paid and cancelled with a refund: its credit note is the victim's too.
  const refunded = (await postBooking(t, sessions.agentA, bookingBody(offers.slice(0, 1)))).json().data
    .pnr as string;
  await api(t, {
    method: 'POST',
    url: `/bookings/${refunded}/payments`,
    cookie: sessions.agentA,
    payload: { method: 'wallet' },
  });
  await api(t, {
    method: 'POST',
    url: `/bookings/${refunded}/cancel`,
    cookie: sessions.agentA,
    payload: { confirm: true },
  });
  const [creditNote] = (
    await api(t, { method: 'GET', url: `/bookings/${refunded}/credit-notes`, cookie: sessions.agentA })
  ).json().data as { number: string }[];
  if (!creditNote) throw new Error('no credit note for the sweep');
  const invoice = (
    await api(t, { method: 'GET', url: `/bookings/${pnr}/invoice?format=json`, cookie: sessions.agentA })
  ).json().data as { number: string };

  const asAdminA = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api(t, { method, url, cookie: sessions.adminA, ...(payload ? { payload } : {}) });
  const user = (
    await asAdminA('POST', '/admin/users', {
      firstName: 'Sweepvictim',
      lastName: 'Adminside',
      email: 'sweep.victim@sweep.example',
    })
  ).json().data;
  const partner = (await asAdminA('POST', '/admin/partner-apps', { name: 'Sweep victim bank' })).json().data;
  await asAdminA('POST', `/admin/users/${user.id}/reset-password`);
  const outbox = (await asAdminA('GET', '/admin/outbox')).json().data.items as { id: string; to: string }[];
  const email = outbox.find((item) => item.to === 'sweep.victim@sweep.example') ?? outbox[0];
  if (!email) throw new Error('no e-mail in brand A’s outbox');
  const adminView = (await asAdminA('GET', `/admin/bookings/${pnr}`)).json().data;
  const [refund] = (await asAdminA('GET', `/admin/bookings/${refunded}`)).json().data.refunds as {
    id: string;
  }[];
  if (!refund) throw new Error('no refund for the sweep');
  const markup = (
    await asAdminA('POST', '/admin/markups', {
      scope: 'airline',
      airlineCode: 'ZZ',
      kind: 'percent',
      value: 300,
    })
  ).json().data;
  const group = (
    await asAdminA('POST', '/admin/agent-groups', { name: 'Sweep victim group', grantedCommissionPercent: 1 })
  ).json().data.groups[0];
  const [delivery] = (
    await api(t, { method: 'GET', url: `/webhooks/${webhook.id}/deliveries`, cookie: sessions.agentA })
  ).json().data;
  const deposit = await api(t, {
    method: 'POST',
    url: '/wallet/deposit-requests',
    cookie: sessions.agentA,
    payload: {
      amount: 50_000,
      reference: 'SWEEP-DEPOSIT-1',
      deposited_on: '2026-01-05',
      slip: {
        content_type: 'application/pdf',
        data: Buffer.from('%PDF-1.4\n% sweep slip\n').toString('base64'),
      },
    },
  });
  if (deposit.statusCode !== 201) throw new Error(`no deposit request for the sweep: ${deposit.body}`);
  const staffMember = await addStaffMember(t, 'viewer', {
    ownerCookie: sessions.adminA,
    email: 'sweep.staff@sweep.example',
  });
  const invitation = (
    await asAdminA('POST', '/admin/staff/invitations', {
      email: 'sweep.invitee@sweep.example',
      role: 'sales',
    })
  ).json().data;
  staffA = await staffSessionsByRole(t);
  // Above the threshold, and with others to approve it: the top-up waits (202). Proposed by a
  // finance member the sweep does not call as, since a proposer may not decide their own.
  const proposer = await addStaffMember(t, 'finance', { ownerCookie: sessions.adminA });
  const proposed = await api(t, {
    method: 'POST',
    url: `/admin/users/${me.userToken}/wallet/top-ups`,
    cookie: proposer.cookie,
    payload: { amount: 50_000_000, reference: 'SWEEP-APPROVAL-1' },
  });
  if (proposed.statusCode !== 202) throw new Error(`no approval for the sweep: ${proposed.body}`);
  // The victim is a master agent with a sub-agent; brand B's agent is a master too, so its
  // calls with brand A's sub-agent's id are refused as not found, not as not allowed.
  await api(t, {
    method: 'PUT',
    url: `/admin/users/${me.userToken}/master-agent`,
    cookie: sessions.adminA,
    payload: { master_agent: true },
  });
  const agentB = (
    await api(t, { method: 'GET', url: '/me', cookie: sessions.agentB, host: GLOBALIME })
  ).json().data;
  await api(t, {
    method: 'PUT',
    url: `/admin/users/${agentB.userToken}/master-agent`,
    cookie: sessions.adminB,
    host: GLOBALIME,
    payload: { master_agent: true },
  });
  const subAgent = (
    await api(t, {
      method: 'POST',
      url: '/agent/sub-agents',
      cookie: sessions.agentA,
      payload: { first_name: MARKER_SUB_AGENT, last_name: 'Below', email: 'sweep.sub@sweep.example' },
    })
  ).json().data;
  const victimSessions = (
    await api(t, { url: '/auth/sessions', cookie: await logInDemo(t, 'sajilo', 'agent') })
  ).json().data.sessions as { id: string; current: boolean }[];
  const victimSession = victimSessions.find((session) => session.current);
  if (!victimSession) throw new Error('the victim has no current session to sweep');
  victim = {
    sessionId: victimSession.id,
    depositRequestId: String(deposit.json().data.id),
    approvalId: String(proposed.json().data.approval.id),
    staffMemberId: staffMember.id,
    staffEmail: staffMember.email,
    staffInvitationId: invitation.id,
    apiKeyId: apiKey.id,
    webhookId: webhook.id,
    priceAlertId: priceAlert.id,
    webhookDeliveryId: delivery.id,
    pnr,
    bookingId: held.json().data.id,
    agentUserId: me.id,
    subAgentId: subAgent.id,
    userId: user.id,
    userEmail: 'sweep.victim@sweep.example',
    partnerAppId: partner.id,
    clientId: partner.clientId,
    emailId: email.id,
    flightId: adminView.flights[0].flightId,
    markupId: markup.id,
    agentGroupId: group.id,
    refundedPnr: refunded,
    refundId: refund.id,
    creditNoteNumber: creditNote.number,
    invoiceNumber: invoice.number,
  };
  markers = [
    pnr,
    refunded,
    MARKER_FIRST_NAME,
    MARKER_CONTACT_EMAIL,
    victim.bookingId,
    victim.agentUserId,
    victim.userId,
    victim.userEmail,
    'Sweepvictim',
    victim.partnerAppId,
    victim.clientId,
    victim.emailId,
    victim.markupId,
    victim.agentGroupId,
    victim.apiKeyId,
    apiKey.prefix,
    victim.webhookId,
    victim.priceAlertId,
    victim.webhookDeliveryId,
    MARKER_WEBHOOK_URL,
    victim.staffMemberId,
    victim.staffEmail,
    victim.staffInvitationId,
    'sweep.invitee@sweep.example',
    victim.subAgentId,
    MARKER_SUB_AGENT,
  ].filter(Boolean);
  // Each staff member is made as a person would be (invitation, acceptance, log-in): slow hashes.
}, 240_000);
afterAll(() => t?.close());

/**
 * The victim's id for each path parameter, by route. A route with a parameter not known here fails
 * the sweep: give the sweep a fixture for it.
 */
function victimIdFor(path: string, param: string): string {
  if (param === 'pnr' && (path.includes('/credit-notes/') || path.includes('/refunds/')))
    return victim.refundedPnr;
  if (param === 'refundId') return victim.refundId;
  if (param === 'pnr') return victim.pnr;
  if (param === 'number' && path.includes('/credit-notes/')) return victim.creditNoteNumber;
  if (param === 'number' && path.includes('/invoices/')) return victim.invoiceNumber;
  if (param === 'id' && path.startsWith('/admin/users/')) return victim.userId;
  if (param === 'id' && path.startsWith('/admin/staff/invitations/')) return victim.staffInvitationId;
  if (param === 'id' && path.startsWith('/admin/staff/')) return victim.staffMemberId;
  if (param === 'id' && path.startsWith('/admin/partner-apps/')) return victim.partnerAppId;
  if (param === 'id' && path.startsWith('/admin/outbox/')) return victim.emailId;
  if (param === 'id' && path.startsWith('/admin/markups/')) return victim.markupId;
  if (param === 'id' && path.startsWith('/admin/agent-groups/')) return victim.agentGroupId;
  if (param === 'id' && path.startsWith('/api-keys/')) return victim.apiKeyId;
  if (param === 'id' && path.startsWith('/webhooks/')) return victim.webhookId;
  if (param === 'id' && path.startsWith('/price-alerts/')) return victim.priceAlertId;
  if (param === 'id' && path.startsWith('/agent/sub-agents/')) return victim.subAgentId;
  if (param === 'id' && path.startsWith('/auth/sessions/')) return victim.sessionId;
  if (param === 'id' && path.includes('/deposit-requests/')) return victim.depositRequestId;
  if (param === 'id' && path.startsWith('/admin/approvals/')) return victim.approvalId;
  if (param === 'deliveryId') return victim.webhookDeliveryId;
  // A dated flight is public knowledge; what is the brand's own is its bookings on it.
  if (param === 'flightId') return victim.flightId;
  // Not an id: the name of a gateway whose credentials are the caller's own brand's.
  if (param === 'gateway' && path.startsWith('/admin/payment-credentials/')) return 'khalti';
  // The gateway return is public by design: the gateway's reference is the payer's capability, not
  // an id of the payer's; a reference unknown to the caller must reveal nothing.
  if (param === 'gateway') return 'esewa';
  if (param === 'outcome') return 'success';
  if (param === 'reference') return randomUUID().replaceAll('-', '');
  throw new Error(`the access sweep has no fixture for :${param} of ${path}: add one in victimIdFor`);
}

/** The routes whose ids belong to someone, so a stranger must get 404 (the rest are capabilities). */
const isOwnedId = (param: string) =>
  param === 'pnr' ||
  param === 'id' ||
  param === 'flightId' ||
  param === 'deliveryId' ||
  param === 'number' ||
  param === 'refundId';

type Call = { payload?: object | Buffer; headers?: Record<string, string>; query?: string };
/**
 * A valid request for each route that takes a body (so only access decides the answer), or
 * a query naming the victim's id. A route with a body and no entry here fails the sweep.
 */
const CALLS: Record<string, () => Call> = {
  'POST /auth/signup': () => ({
    payload: {
      firstName: 'S',
      lastName: 'W',
      email: `sweep-${randomUUID()}@example.com`,
      mobile: '',
      password: 'Sweep-Password-2081',
    },
  }),
  'POST /auth/login': () => ({ payload: { login: victim.userEmail, password: 'wrong-password-1' } }),
  'POST /auth/password-reset': () => ({ payload: { login: victim.userEmail } }),
  'POST /auth/password-reset/confirm': () => ({
    payload: { token: 'x'.repeat(40), password: 'Sweep-Password-2081' },
  }),
  'POST /auth/password': () => ({
    payload: { currentPassword: 'wrong-password-1', password: 'Sweep-Password-2081' },
  }),
  'POST /auth/guest': () => ({
    payload: { email: `sweep-${randomUUID()}@example.com`, mobile: '9851111112' },
  }),
  'POST /auth/guest/claim': () => ({ payload: { password: 'Sweep-Password-2081' } }),
  'POST /update-user-profile': () => ({ payload: { commission_percent: 3 } }),
  'POST /clients/customer-token': () => ({
    payload: {
      clientId: victim.clientId,
      clientSecret: 'tks_wrong',
      customer: { firstName: 'A', lastName: 'B', mobile: '9851111111' },
    },
  }),
  'POST /clients/profile': () => ({ payload: { clientCustomerToken: 'tkt_unknown' } }),
  // Unsigned: refused by its signature check (401) whoever calls.
  'POST /suppliers/duffel/webhooks': () => ({
    payload: Buffer.from(
      JSON.stringify({ id: 'wev_0000Sweep', type: 'ping.triggered', data: { object: {} } }),
    ),
    headers: { 'content-type': 'application/json', 'x-duffel-signature': 't=1,v1=00' },
  }),
  'PUT /admin/brand': () => ({ payload: { config: {}, hosts: ['sweep.localhost'] } }),
  'POST /admin/uploads': () => ({ payload: PNG_PIXEL, headers: { 'content-type': 'image/png' } }),
  'POST /admin/users': () => ({
    payload: { firstName: 'Sweep', lastName: 'New', email: `sweep-${randomUUID()}@example.com` },
  }),
  'GET /admin/users': () => ({ query: `q=${encodeURIComponent(victim.userEmail)}` }),
  'POST /admin/staff/invitations': () => ({
    payload: { email: `sweep-${randomUUID()}@staff.example`, role: 'viewer' },
  }),
  'PUT /admin/staff/:id/role': () => ({ payload: { role: 'support' } }),
  'POST /auth/staff-invitations/preview': () => ({ payload: { token: 'sweep-unknown-invitation-token' } }),
  'POST /auth/staff-invitations/accept': () => ({
    payload: {
      token: 'sweep-unknown-invitation-token',
      firstName: 'Sweep',
      lastName: 'Staff',
      password: 'Quiet-Harbour-Lantern-57',
    },
  }),
  'PATCH /admin/users/:id': () => ({ payload: { type: 'customer' } }),
  'POST /admin/partner-apps': () => ({ payload: { name: 'Sweep partner' } }),
  'POST /partner-apps': () => ({ payload: { name: 'Sweep partner' } }),
  'POST /platform/brands': () => ({ payload: { slug: `sweep-${Date.now()}` } }),
  'POST /flights/search': () => ({
    payload: {
      depart_code: 'KTM',
      dest_code: 'PKR',
      depart_date: '2099-01-01',
      nationality_code: 'NP',
      adults: 1,
      children: 0,
      infants: 0,
    },
  }),
  'POST /flights/availability': () => ({ payload: { offers: [{ id: 'unknown-offer' }] } }),
  'POST /bookings': () => ({
    payload: bookingBody([], [adult()]),
    headers: { 'idempotency-key': randomUUID() },
  }),
  'GET /bookings': () => ({ query: `pnr=${victim.pnr}` }),
  'POST /bookings/:pnr/payments': () => ({ payload: { method: 'wallet' } }),
  'POST /bookings/:pnr/cancel': () => ({ payload: { confirm: false } }),
  'POST /bookings/:pnr/void': () => ({ payload: { confirm: false } }),
  'POST /admin/bookings/:pnr/void': () => ({ payload: { confirm: false } }),
  'POST /admin/bookings/:pnr/refunds/:refundId/complete': () => ({ payload: { reference: 'SWEEP-0001' } }),
  'POST /admin/bookings/:pnr/change': () => ({
    payload: { leg_index: 0, offer_id: 'house~sweep~1.0.0~npr' },
  }),
  'GET /admin/bookings/:pnr/change-options': () => ({ query: 'leg_index=0&date=2099-01-01' }),
  'PUT /admin/finance-settings': () => ({ payload: { void_fee_npr: 0, void_fee_usd: 0 } }),
  'POST /bookings/:pnr/change': () => ({ payload: { leg_index: 0, offer_id: 'house~sweep~1.0.0~npr' } }),
  'GET /bookings/:pnr/change-options': () => ({ query: 'leg_index=0&date=2099-01-01' }),
  'GET /admin/bookings': () => ({ query: `pnr=${victim.pnr}` }),
  'POST /admin/bookings/:pnr/cancel': () => ({ payload: { confirm: false } }),
  'POST /admin/flights/:flightId/disruptions': () => ({ payload: { reason: 'weather', note: 'Sweep' } }),
  'GET /admin/bookings/:pnr/rebooking-options': () => ({}),
  'POST /admin/bookings/:pnr/disruption/accept': () => ({}),
  'POST /admin/bookings/:pnr/disruption/rebook': () => ({ payload: { offer_id: 'house~sweep~1.0.0~npr' } }),
  'POST /admin/bookings/:pnr/disruption/refund': () => ({}),
  'POST /bookings/:pnr/disruption/rebook': () => ({ payload: { offer_id: 'house~sweep~1.0.0~npr' } }),
  'PUT /admin/supplier-credentials/duffel': () => ({
    payload: { accessToken: 'duffel_test_sweep_token_1234' },
  }),
  'PUT /admin/payment-credentials/:gateway': () => ({
    payload: { environment: 'test', secrets: { secretKey: 'sweep-khalti-secret' } },
  }),
  'PUT /admin/approval-policy': () => ({
    payload: {
      topUpThreshold: 10_000_000,
      creditLimitThreshold: 10_000_000,
      handRefundThreshold: 10_000_000,
      commissionRateThreshold: 1_000,
    },
  }),
  'POST /admin/users/:id/wallet/top-ups': () => ({
    payload: { amount: 100_000, reference: `SWEEP-${randomUUID()}` },
  }),
  'PUT /admin/users/:id/wallet/credit-limit': () => ({ payload: { creditLimit: 100_000 } }),
  'POST /admin/users/:id/wallet/settlements': () => ({
    payload: { amount: 100, reference: `SWEEP-SETTLE-${randomUUID()}` },
  }),
  'GET /admin/users/:id/wallet/statement': () => ({ query: 'from=2026-01-01&to=2026-01-31' }),
  'GET /admin/wallets/statement': () => ({ query: 'from=2026-01-01&to=2026-01-31' }),
  'GET /wallet/statement': () => ({ query: 'from=2026-01-01&to=2026-01-31' }),
  'POST /admin/markups': () => ({
    payload: { scope: 'route', origin: 'KTM', destination: 'BWA', kind: 'fixed', value: 1 },
  }),
  'PUT /admin/markups/:id': () => ({ payload: { scope: 'all', kind: 'fixed', value: 1 } }),
  'GET /admin/exchange-rates': () => ({}),
  'PUT /admin/exchange-rates': () => ({
    payload: { effective_date: '2026-11-20', rates: [{ currency: 'USD', unit: 1, npr: 1 }] },
  }),
  'GET /admin/hold-limits': () => ({}),
  'PUT /admin/hold-limits': () => ({
    payload: { unpaidBookings: 1, unpaidSeatsPerFlight: 1, newAccountHoldsPerAddress: 1 },
  }),
  ...INVENTORY_SWEEP_CALLS,
  'GET /admin/commissions': () => ({}),
  'PUT /admin/commissions': () => ({
    payload: { defaultGrantedCommissionPercent: 1, maxGrantedCommissionPercent: 2 },
  }),
  'POST /admin/agent-groups': () => ({
    payload: { name: `Sweep ${randomUUID()}`, grantedCommissionPercent: 1 },
  }),
  'PUT /admin/agent-groups/:id': () => ({ payload: { name: 'Swept', grantedCommissionPercent: 1 } }),
  'DELETE /admin/agent-groups/:id': () => ({}),
  'PUT /admin/users/:id/commission': () => ({ payload: { grantedCommissionPercent: 1, agentGroupId: null } }),
  'PUT /admin/users/:id/master-agent': () => ({ payload: { master_agent: false } }),
  'PUT /admin/users/:id/master': () => ({ payload: { master_agent_id: null } }),
  'GET /admin/reports': () => ({ query: 'from=2026-01-01&to=2026-01-31&groupBy=agent' }),
  'GET /admin/reports.csv': () => ({ query: 'from=2026-01-01&to=2026-01-31&groupBy=agent' }),
  'POST /api-keys': () => ({ payload: { name: 'Sweep key' } }),
  'GET /bookings/:pnr/invoice': () => ({ query: 'format=json' }),
  'PUT /me/tax-profile': () => ({ payload: { buyer_name: 'Sweep Buyer', pan: '123456789' } }),
  'PUT /admin/tax-profile': () => ({
    payload: { legalName: 'Sweep Ltd.', address: 'Kathmandu', pan: '609876543', vatNumber: '609876543' },
  }),
  'GET /admin/reports/sales-register': () => ({ query: 'month=2083-08&format=json' }),
  'POST /wallet/deposit-requests': () => ({
    payload: { amount: 10_000, reference: `SWEEP-${randomUUID().slice(0, 8)}`, deposited_on: '2026-01-05' },
  }),
  'POST /admin/deposit-requests/:id/approve': () => ({ payload: { note: 'Sweep' } }),
  'POST /admin/deposit-requests/:id/reject': () => ({ payload: { note: 'Sweep' } }),
  'POST /webhooks': () => ({ payload: { url: 'http://127.0.0.1:9/sweep-hook', events: ['wallet.low'] } }),
  'POST /agent/sub-agents': () => ({
    payload: { first_name: 'Sweep', last_name: 'Sub', email: `sweep-sub-${randomUUID()}@example.com` },
  }),
  'PUT /agent/sub-agents/:id/grant': () => ({ payload: { granted_commission_percent: 1 } }),
  'PUT /agent/sub-agents/:id/markup': () => ({ payload: { master_markup_percent: 1 } }),
  'GET /admin/sms-outbox': () => ({ query: 'page=1&pageSize=20' }),
  'POST /agent/sub-agents/:id/transfers': () => ({
    payload: { amount: 100 },
    headers: { 'idempotency-key': randomUUID() },
  }),
  'POST /price-alerts': () => ({
    payload: {
      origin: 'KTM',
      destination: 'BWA',
      from_date: inDays(20),
      to_date: inDays(21),
      seen_total: 400_000,
      currency: 'NPR',
    },
  }),
};

interface SweptRoute {
  method: string;
  path: string;
  policy: PolicyName;
  params: string[];
}

function sweptRoutes(): SweptRoute[] {
  return t.app.routePolicies.map((route) => {
    const path = route.url.slice(API.length);
    return {
      method: route.method,
      path,
      policy: route.policy,
      params: [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? ''),
    };
  });
}

const spec = () => t.app.swagger() as { paths: Record<string, Record<string, { requestBody?: unknown }>> };
const takesBody = (route: SweptRoute) =>
  Boolean(
    spec().paths[`${API}${route.path.replace(/:(\w+)/g, '{$1}')}`]?.[route.method.toLowerCase()]?.requestBody,
  ) || route.path === '/admin/uploads';

/** An id of the same kind as the victim's that belongs to nobody. */
function unknownIdFor(path: string, param: string): string {
  const real = victimIdFor(path, param);
  if (param === 'pnr') return real === 'ZZZZZ9' ? 'ZZZZZ8' : 'ZZZZZ9';
  if (param === 'flightId') return real.replace(/\d{4}-\d{2}-\d{2}$/, '2099-01-01');
  if (param === 'number') return 'CN-2000/01-999999';
  // Deposit requests and approvals are numbered, not UUIDs.
  if (param === 'id' && (path.includes('/deposit-requests/') || path.startsWith('/admin/approvals/')))
    return String(Number(real) + 1_000_000);
  return param === 'id' || param === 'deliveryId' ? randomUUID() : real;
}

async function call(
  route: SweptRoute,
  cookie: string,
  host: string,
  idFor: (path: string, param: string) => string = victimIdFor,
): Promise<LightMyRequestResponse & { ids: string[] }> {
  let path = route.path;
  const ids: string[] = [];
  for (const param of route.params) {
    const id = idFor(route.path, param);
    if (isOwnedId(param)) ids.push(id);
    path = path.replace(`:${param}`, encodeURIComponent(id));
  }
  const { payload, headers, query } = CALLS[`${route.method} ${route.path}`]?.() ?? {};
  const response = await api(t, {
    method: route.method as 'GET',
    url: query ? `${path}?${query}` : path,
    cookie,
    host,
    ...(payload === undefined ? {} : { payload }),
    ...(headers ? { headers } : {}),
  });
  return Object.assign(response, { ids });
}

/** A call as `call` makes it, with `Authorization: Bearer <key>` instead of a session cookie. */
function callWithKey(route: SweptRoute, key: string, host: string) {
  const { payload, headers, query } = CALLS[`${route.method} ${route.path}`]?.() ?? {};
  let path = route.path;
  for (const param of route.params)
    path = path.replace(`:${param}`, encodeURIComponent(victimIdFor(route.path, param)));
  return api(t, {
    method: route.method as 'GET',
    url: query ? `${path}?${query}` : path,
    bearer: key,
    host,
    ...(payload === undefined ? {} : { payload }),
    headers: { ...headers },
  });
}

/** Nothing of the victim's in an answer to someone else: body and headers (a redirect's Location). */
function expectNoVictimData(response: LightMyRequestResponse, label: string) {
  const text = `${response.body}\n${JSON.stringify(response.headers)}`;
  for (const marker of markers) expect(text, `${label} leaks ${marker}`).not.toContain(marker);
}

/**
 * A stranger's call with the victim's ids answers exactly as with ids that belong to nobody (the
 * ids the caller sent aside): no hint that the booking or user exists, and none of its data.
 */
async function expectSameAsUnknown(
  route: SweptRoute,
  cookie: () => Promise<string>,
  host: string,
  label: string,
): Promise<LightMyRequestResponse> {
  const response = await call(route, await cookie(), host);
  const probe = await call(route, await cookie(), host, unknownIdFor);
  const withoutIds = (body: string, ids: string[]) =>
    ids.reduce((text, id) => text.replaceAll(id, '<id>'), body);
  expect(response.statusCode, label).toBe(probe.statusCode);
  const body = withoutIds(response.body, response.ids);
  expect(body, label).toBe(withoutIds(probe.body, probe.ids));
  expectNoVictimData({ ...response, body, headers: {} } as unknown as LightMyRequestResponse, label);
  return response;
}

const OPEN_POLICIES: PolicyName[] = ['public', 'partnerApp', 'gatewayReturn', 'supplierEvent'];
const ADMIN_POLICIES = BRAND_ADMIN_POLICIES;

/** Brand A's other user and brand B's user of the same kind as the route's rightful caller. */
function strangers(route: SweptRoute): { sameBrand: SessionName; otherBrand: SessionName } {
  if (ADMIN_POLICIES.includes(route.policy)) return { sameBrand: 'agentA', otherBrand: 'adminB' };
  // Keys and webhooks are each user's own: the brand's admin may have some, never the agent's.
  if (route.policy === 'manageIntegrations') return { sameBrand: 'adminA', otherBrand: 'agentB' };
  // Sub-agents are their master's: the brand's admin manages users in the console, not here.
  if (route.policy === 'manageSubAgents') return { sameBrand: 'adminA', otherBrand: 'agentB' };
  return { sameBrand: 'customerA', otherBrand: 'agentB' };
}
const ownerOf = (route: SweptRoute): SessionName =>
  ADMIN_POLICIES.includes(route.policy) ? 'adminA' : 'agentA';

describe('the access sweep of every API route', () => {
  it('enumerates the route table, with a fixture for every id and a valid call for every body', () => {
    const routes = sweptRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(45);
    for (const route of routes) {
      for (const param of route.params) expect(() => victimIdFor(route.path, param)).not.toThrow();
      if (takesBody(route))
        expect(CALLS, `${route.method} ${route.path} takes a body`).toHaveProperty(
          `${route.method} ${route.path}`,
        );
    }
  });

  it('answers 401 without a session to every route that needs one, and never shows the victim’s data', async () => {
    for (const route of sweptRoutes()) {
      const label = `${route.method} ${route.path} as nobody`;
      const response = await call(route, '', SAJILO);
      if (OPEN_POLICIES.includes(route.policy)) expect(response.statusCode, label).toBeLessThan(500);
      else expect(response.statusCode, label).toBe(401);
      expectNoVictimData(response, label);
    }
  });

  it('answers another user of the same brand 404 for the victim’s ids (403 where the route is not theirs)', async () => {
    for (const route of sweptRoutes()) {
      const label = `${route.method} ${route.path} as another user of brand A`;
      const stranger = () => fresh(strangers(route).sameBrand);
      if (route.params.some(isOwnedId)) {
        const response = await expectSameAsUnknown(route, stranger, SAJILO, label);
        expect(response.statusCode, label).toBe(
          // A customer has no wallet: its routes are not theirs, whatever the id.
          ADMIN_POLICIES.includes(route.policy) ||
            route.policy === 'manageSubAgents' ||
            route.policy === 'useWallet'
            ? 403
            : 404,
        );
        continue;
      }
      const response = await call(route, await stranger(), SAJILO);
      if (ADMIN_POLICIES.includes(route.policy) || PLATFORM_POLICIES.includes(route.policy))
        expect(response.statusCode, label).toBe(403);
      else expect(response.statusCode, label).toBeLessThan(500);
      expectNoVictimData(response, label);
    }
  });

  it('answers brand B’s user on brand B’s host 404 for brand A’s ids', async () => {
    for (const route of sweptRoutes()) {
      const label = `${route.method} ${route.path} as brand B’s user`;
      const stranger = () => fresh(strangers(route).otherBrand);
      if (route.params.some(isOwnedId)) {
        const response = await expectSameAsUnknown(route, stranger, GLOBALIME, label);
        expect(response.statusCode, label).toBe(404);
        continue;
      }
      const response = await call(route, await stranger(), GLOBALIME);
      if (PLATFORM_POLICIES.includes(route.policy)) expect(response.statusCode, label).toBe(403);
      else expect(response.statusCode, label).toBeLessThan(500);
      expectNoVictimData(response, label);
    }
  });

  it('signs nobody in with brand A’s session on brand B’s host', async () => {
    for (const route of sweptRoutes()) {
      const label = `${route.method} ${route.path} with brand A’s session on brand B’s host`;
      const response = await call(route, await fresh(ownerOf(route)), GLOBALIME);
      if (OPEN_POLICIES.includes(route.policy)) expect(response.statusCode, label).toBeLessThan(500);
      else expect(response.statusCode, label).toBe(401);
      expectNoVictimData(response, label);
    }
  });

  it('answers the victim (the control): every id of the sweep is real', async () => {
    for (const route of sweptRoutes().filter((r) => r.params.some(isOwnedId))) {
      const response = await call(route, await fresh(ownerOf(route)), SAJILO);
      expect([401, 403, 404], `${route.method} ${route.path} as its owner: ${response.body}`).not.toContain(
        response.statusCode,
      );
    }
  });

  it('answers each staff role of brand A as the route’s policy says: 403 FORBIDDEN, or not refused', async () => {
    for (const route of sweptRoutes().filter(
      (r) => ADMIN_POLICIES.includes(r.policy) || PLATFORM_POLICIES.includes(r.policy),
    )) {
      const allowed = staffRolesOf(route.policy);
      for (const role of STAFF_ROLES) {
        const label = `${route.method} ${route.path} as ${role}`;
        const response = await call(route, staffA[role], SAJILO);
        if (allowed.includes(role)) {
          expect([401, 403], `${label}: ${response.body}`).not.toContain(response.statusCode);
          expect(response.statusCode, label).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json().data.code, label).toBe('FORBIDDEN');
          expectNoVictimData(response, label);
        }
      }
    }
  }, 180_000);

  // Last: the owner's own calls here change things (log-out, deletions).
  it('lets an API key act as its owner on every route its scopes cover, and on no other', async () => {
    const newKey = async (scopes?: string[]) =>
      (
        await api(t, {
          method: 'POST',
          url: '/api-keys',
          cookie: sessions.agentA,
          payload: { name: 'Sweep key', ...(scopes ? { scopes } : {}) },
        })
      ).json().data.key as string;
    const everyScope = await newKey();
    const readOnly = await newKey(['read']);
    for (const route of sweptRoutes().filter((r) => !ADMIN_POLICIES.includes(r.policy))) {
      const label = `${route.method} ${route.path} with the agent's API key`;
      const needed = keyRequirementOf(route.policy, route.method, `${API}${route.path}`);
      const asSession = await call(route, await fresh('agentA'), SAJILO);
      const withKey = await callWithKey(route, everyScope, SAJILO);
      const refusedAnyway = asSession.statusCode === 401 || asSession.statusCode === 403;
      if (needed === 'person' && !refusedAnyway) {
        expect(withKey.statusCode, label).toBe(403);
        expect(withKey.json().data.code, label).toBe('API_KEY_SCOPE');
      } else {
        expect(withKey.statusCode, `${label}: ${withKey.body}`).toBe(asSession.statusCode);
      }
      const narrow = await callWithKey(route, readOnly, SAJILO);
      if (needed !== 'none' && needed !== 'read' && !refusedAnyway) {
        expect(narrow.json().data.code, label).toBe('API_KEY_SCOPE');
      }
      // Brand A's key on brand B's host is nobody's key, whatever the route.
      const elsewhere = await callWithKey(route, everyScope, GLOBALIME);
      expect(elsewhere.statusCode, `${label} on brand B's host`).toBe(401);
      expectNoVictimData(elsewhere, label);
    }
  });
});
