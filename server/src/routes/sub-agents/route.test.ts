import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#shared/bookings';
import type { PriceBreakdown } from '#shared/sub-agents';
import { auditLog, emailOutbox, ledgerLines, walletEntries } from '../../db/schema/index';
import { checkBooks } from '../../domain/ledger/check-books';
import { api, logIn, logInDemo } from '../../test/accounts';
import { bookingBody, findOffers, postBooking, walletOf } from '../../test/bookings';
import { recipientToken } from '../../test/outbox';
import { createTestApp, RELAXED_HOLD_LIMITS, type TestApp } from '../../test/test-app';

/**
 * Sub-agents (docs/accounts.md#sub-agents): Sajilo's demo agent is made a master agent by the agency's admin,
 * creates a sub-agent (who chooses a password from the invitation), passes them part of their
 * commission and funds their wallet. The sub-agent books and pays from their own wallet; the
 * master, the sub-agent and the admin each see the bookings and the sums they should.
 */
let t: TestApp;
let admin: string;
let master: string;
let masterId: string;
let sub: string;
let subId: string;
const SUB_EMAIL = 'sita.sub@example.com';
const SUB_PASSWORD = 'sub agent pass phrase';

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  api(t, {
    method,
    url,
    cookie,
    ...(payload ? { payload } : {}),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

/** The audit entries of one action on one user, oldest first: what changed. */
const audited = async (action: string, userId: string) =>
  (
    await t.database.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, userId)))
      .orderBy(auditLog.createdAt)
  ).map(({ before, after }) => ({ before, after }));

const fund = (amount: number, key: string = randomUUID()) =>
  call(master, 'POST', `/agent/sub-agents/${subId}/transfers`, { amount }, key);

beforeAll(async () => {
  t = await createTestApp(RELAXED_HOLD_LIMITS);
  admin = await logInDemo(t, 'sajilo', 'admin');
  master = await logInDemo(t, 'sajilo', 'agent');
  masterId = (await call(master, 'GET', '/me')).json().data.userToken;
  // The agency grants the master 4 % of the base fare (the brand's default is 3 %).
  const granted = await call(admin, 'PUT', `/admin/users/${masterId}/commission`, {
    grantedCommissionPercent: 4,
    agentGroupId: null,
  });
  expect(granted.statusCode, granted.body).toBe(200);
});
afterAll(() => t?.close());

describe('master agents and their sub-agents', () => {
  it('only a master agent manages sub-agents, and only the agency makes one', async () => {
    expect((await call(master, 'GET', '/agent/sub-agents')).statusCode).toBe(403);
    // An agent cannot make themselves a master: that is the admin's.
    expect(
      (await call(master, 'PUT', `/admin/users/${masterId}/master-agent`, { master_agent: true })).statusCode,
    ).toBe(403);
    const made = await call(admin, 'PUT', `/admin/users/${masterId}/master-agent`, { master_agent: true });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({ masterAgent: true, masterAgentId: null });
    expect(await audited('user.master-agent', masterId)).toEqual([
      { before: { isMasterAgent: false }, after: { isMasterAgent: true } },
    ]);
    const customer = (await call(admin, 'GET', '/admin/users?q=customer%40sajilo.example')).json().data
      .items[0];
    const refused = await call(admin, 'PUT', `/admin/users/${customer.id}/master-agent`, {
      master_agent: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields).toHaveProperty('master_agent');
    const list = (await call(master, 'GET', '/agent/sub-agents')).json().data;
    expect(list).toMatchObject({ items: [], master_granted_commission_percent: 4, wallet_currency: 'NPR' });
  });

  it('creates a sub-agent who gets the set-password e-mail; no secret in the answer', async () => {
    const tooMuch = await call(master, 'POST', '/agent/sub-agents', {
      first_name: 'Sita',
      last_name: 'Sub',
      email: SUB_EMAIL,
      granted_commission_percent: 4.5,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().data.fields).toHaveProperty('granted_commission_percent');

    const created = await call(master, 'POST', '/agent/sub-agents', {
      first_name: 'Sita',
      last_name: 'Sub',
      email: 'Sita.Sub@Example.com',
      mobile: '9807777111',
      granted_commission_percent: 1.5,
    });
    expect(created.statusCode, created.body).toBe(200);
    const data = created.json().data;
    expect(data).toMatchObject({
      name: 'Sita Sub',
      email: SUB_EMAIL,
      mobile: '+9779807777111',
      wallet_balance: 0,
      granted_commission_percent: 1.5,
      active: false,
    });
    expect(created.body).not.toMatch(/token|password/i);
    subId = data.id;

    const [invitation] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, SUB_EMAIL))
      .orderBy(desc(emailOutbox.createdAt));
    // The outbox shows the link masked; only the sub-agent's e-mail carries the working token.
    expect(invitation?.text).toContain('token=********');
    const token = recipientToken(t, invitation);
    const confirmed = await api(t, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { token, password: SUB_PASSWORD },
    });
    expect(confirmed.statusCode).toBe(200);
    sub = (await logIn(t, SUB_EMAIL, { password: SUB_PASSWORD })).cookie;
    // The sub-agent is an agent, not a master: they manage no sub-agents.
    expect((await call(sub, 'GET', '/agent/sub-agents')).statusCode).toBe(403);
    // The same e-mail again is taken.
    const again = await call(master, 'POST', '/agent/sub-agents', {
      first_name: 'Sita',
      last_name: 'Again',
      email: SUB_EMAIL,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.fields).toHaveProperty('email');
  });

  it('funding moves money from the master to the sub-agent in the ledger, once per key; the books balance', async () => {
    const before = await walletOf(t.database.db, 'agent@sajilo.example');
    const key = `fund-${randomUUID()}`;
    const funded = await fund(1_000_000, key);
    expect(funded.statusCode, funded.body).toBe(200);
    expect(funded.json().data).toMatchObject({
      amount: 1_000_000,
      master_balance: before.balance - 1_000_000,
      sub_agent_balance: 1_000_000,
      replayed: false,
    });
    // The same key and amount again moves nothing; another amount under it is refused.
    const replay = await fund(1_000_000, key);
    expect(replay.json().data).toMatchObject({ replayed: true, sub_agent_balance: 1_000_000 });
    expect((await fund(2_000, key)).statusCode).toBe(422);
    // No key: 400 naming it.
    const noKey = await call(master, 'POST', `/agent/sub-agents/${subId}/transfers`, { amount: 1 });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().data.fields).toHaveProperty('Idempotency-Key');

    const masterWallet = await walletOf(t.database.db, 'agent@sajilo.example');
    const subWallet = await walletOf(t.database.db, SUB_EMAIL);
    expect(masterWallet).toMatchObject({
      balance: before.balance - 1_000_000,
      ledger: before.ledger - 1_000_000,
    });
    expect(subWallet).toMatchObject({ balance: 1_000_000, ledger: 1_000_000 });
    const lines = await t.database.db
      .select({ account: ledgerLines.account, amount: ledgerLines.amount })
      .from(ledgerLines)
      .innerJoin(walletEntries, eq(walletEntries.id, ledgerLines.walletEntryId))
      .where(eq(walletEntries.reference, `transfer:${key}`));
    expect(lines).toHaveLength(4);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    expect(
      lines.filter((l) => l.account.endsWith(':agent-transfers')).reduce((s, l) => s + l.amount, 0),
    ).toBe(0);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);

    const list = (await call(master, 'GET', '/agent/sub-agents')).json().data;
    expect(list.master_wallet_balance).toBe(masterWallet.balance);
    expect(list.items).toMatchObject([{ id: subId, wallet_balance: 1_000_000, active: true }]);
  });

  it('funding respects the master’s balance and credit limit', async () => {
    const { balance } = await walletOf(t.database.db, 'agent@sajilo.example');
    const refused = await fund(balance + 1);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().data.code).toBe('INSUFFICIENT_FUNDS');
    const limit = await call(admin, 'PUT', `/admin/users/${masterId}/wallet/credit-limit`, {
      creditLimit: 500,
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const overCredit = await fund(balance + 501);
    expect(overCredit.json().data.code).toBe('CREDIT_LIMIT_EXCEEDED');
    expect((await walletOf(t.database.db, 'agent@sajilo.example')).balance).toBe(balance);
    await call(admin, 'PUT', `/admin/users/${masterId}/wallet/credit-limit`, { creditLimit: 0 });
  });

  it('another master’s sub-agent, or a stranger, is not found', async () => {
    expect(
      (await call(master, 'PUT', `/agent/sub-agents/${masterId}/grant`, { granted_commission_percent: 1 }))
        .statusCode,
    ).toBe(404);
    const gone = await call(master, 'PUT', `/agent/sub-agents/${randomUUID()}/grant`, {
      granted_commission_percent: 1,
    });
    expect(gone.statusCode).toBe(404);
    const grant = await call(master, 'PUT', `/agent/sub-agents/${subId}/grant`, {
      granted_commission_percent: 2,
    });
    expect(grant.json().data.granted_commission_percent).toBe(2);
    expect(await audited('sub-agent.grant', subId)).toEqual([
      { before: { masterGrantedCommissionPercent: 1.5 }, after: { masterGrantedCommissionPercent: 2 } },
    ]);
  });

  it('a sub-agent’s booking paid from their wallet: each level sees the right bookings and sums', async () => {
    // The sub-agent's own markup to their client: 10 %.
    expect((await call(sub, 'POST', '/update-user-profile', { commission_percent: 10 })).statusCode).toBe(
      200,
    );
    // The master's own booking, which the sub-agent must never see.
    const [masterOffer] = await findOffers(t, { cookie: master, days: 9 });
    const masterBooking = await postBooking(t, master, bookingBody(masterOffer ? [masterOffer] : []));
    expect(masterBooking.statusCode, masterBooking.body).toBe(200);
    const masterPnr = masterBooking.json().data.pnr as string;

    const offers = await findOffers(t, { cookie: sub, days: 8 });
    const offer = offers[0];
    if (!offer) throw new Error('no offer');
    // The sub-agent's search shows the commission the master passes down (2 %) and their markup.
    expect(offer.price.commission?.percent).toBe(2);
    expect(offer.price.agent_markup?.percent).toBe(10);
    const held = await postBooking(t, sub, bookingBody([offer]));
    expect(held.statusCode, held.body).toBe(200);
    const booking = held.json().data as Booking;
    const pnr = booking.pnr;

    const subBefore = await walletOf(t.database.db, SUB_EMAIL);
    const masterBefore = await walletOf(t.database.db, 'agent@sajilo.example');
    const paid = await call(sub, 'POST', `/bookings/${pnr}/payments`, { method: 'wallet' });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.booking.status).toBe('ticketed');

    // What each level earns, from the agency's view: all of it, adding up exactly.
    const asAdmin = (await call(admin, 'GET', `/admin/bookings/${pnr}`)).json().data.booking as Booking;
    const full = asAdmin.price_breakdown as PriceBreakdown;
    const price = booking.price;
    const subCommission = price.commission?.amount ?? 0;
    const subMarkup = price.agent_markup?.amount ?? 0;
    expect(subCommission).toBeGreaterThan(0);
    expect(subMarkup).toBeGreaterThan(0);
    expect(full.traveller_pays).toBe(price.total + subMarkup);
    expect(full.levels.map((l) => l.role)).toEqual(['master_agent', 'sub_agent']);
    const [masterLevel, subLevel] = full.levels;
    if (!masterLevel || !subLevel) throw new Error('levels missing');
    expect(subLevel).toMatchObject({
      agent_id: subId,
      name: 'Sita Sub',
      charges: price.total + subMarkup,
      pays: price.total - subCommission,
      commission: subCommission,
      markup: subMarkup,
    });
    expect(masterLevel.agent_id).toBe(masterId);
    // The master is granted 4 % and passes 2 %: they keep about as much as the sub-agent gets.
    expect(masterLevel.earns).toBeGreaterThan(0);
    expect(Math.abs(masterLevel.earns - subCommission)).toBeLessThanOrEqual(1);
    expect(full.agency_charged).toBe(price.total - subCommission - masterLevel.earns);
    expect(full.traveller_pays).toBe(
      (full.agency_charged ?? 0) + full.levels.reduce((sum, level) => sum + level.earns, 0),
    );
    expect(asAdmin.booked_by).toEqual({ agent_id: subId, name: 'Sita Sub', sub_agent: true });

    // The money: the sub-agent paid what they owe; the master was credited what they keep.
    const subAfter = await walletOf(t.database.db, SUB_EMAIL);
    const masterAfter = await walletOf(t.database.db, 'agent@sajilo.example');
    expect(subBefore.balance - subAfter.balance).toBe(subLevel.pays);
    expect(masterAfter.balance - masterBefore.balance).toBe(masterLevel.earns);
    const [credit] = await t.database.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, masterId), eq(walletEntries.kind, 'sub_agent_commission')));
    expect(credit?.amount).toBe(masterLevel.earns);
    expect(subAfter.ledger).toBe(subAfter.balance);
    expect(masterAfter.ledger).toBe(masterAfter.balance);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);

    // The master: the sub-agent's booking is in their list, named, with both levels.
    const masterList = (await call(master, 'GET', '/bookings')).json().data.items as {
      pnr: string;
      booked_by: { name: string; sub_agent: boolean } | null;
    }[];
    expect(masterList.find((b) => b.pnr === pnr)?.booked_by).toEqual({
      agent_id: subId,
      name: 'Sita Sub',
      sub_agent: true,
    });
    expect(masterList.find((b) => b.pnr === masterPnr)?.booked_by).toMatchObject({ sub_agent: false });
    const asMaster = (await call(master, 'GET', `/bookings/${pnr}`)).json().data as Booking;
    expect(asMaster.price_breakdown).toEqual(full);
    // The master reads it but does not pay for it.
    expect(asMaster.payment_methods).toEqual([]);

    // The sub-agent: their own level only; what the master keeps and the agency's charge hidden.
    const asSub = (await call(sub, 'GET', `/bookings/${pnr}`)).json().data as Booking;
    expect(asSub.price_breakdown).toEqual({
      currency: full.currency,
      traveller_pays: full.traveller_pays,
      agency_charged: null,
      levels: [subLevel],
    });
    expect(asSub.price_breakdown?.traveller_pays).toBe(subLevel.pays + subLevel.earns);
    const subList = (await call(sub, 'GET', '/bookings')).json().data;
    expect(subList.items.map((b: { pnr: string }) => b.pnr)).toEqual([pnr]);
    // The master's other booking is not the sub-agent's to see.
    expect((await call(sub, 'GET', `/bookings/${masterPnr}`)).statusCode).toBe(404);
    // Nor may the master pay or cancel the sub-agent's booking: those stay the booker's.
    expect((await call(master, 'POST', `/bookings/${pnr}/cancel`, { confirm: false })).statusCode).toBe(404);

    // The agency sees both in its list.
    const adminList = (await call(admin, 'GET', '/admin/bookings?pageSize=50')).json().data.items as {
      pnr: string;
    }[];
    expect(adminList.map((b) => b.pnr)).toEqual(expect.arrayContaining([pnr, masterPnr]));
  });

  it('the master adds their own markup to the sub-agent’s price: each level’s sums add up', async () => {
    // Only the master sets it, within 0–20 %; a sub-agent cannot, nor for another's sub-agent.
    const tooMuch = await call(master, 'PUT', `/agent/sub-agents/${subId}/markup`, {
      master_markup_percent: 25,
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().data.fields).toHaveProperty('master_markup_percent');
    expect(
      (await call(sub, 'PUT', `/agent/sub-agents/${subId}/markup`, { master_markup_percent: 0 })).statusCode,
    ).toBe(403);
    const set = await call(master, 'PUT', `/agent/sub-agents/${subId}/markup`, { master_markup_percent: 3 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.master_markup_percent).toBe(3);
    const listed = (await call(master, 'GET', '/agent/sub-agents')).json().data.items as {
      id: string;
      master_markup_percent: number;
    }[];
    expect(listed.find((item) => item.id === subId)?.master_markup_percent).toBe(3);

    // The sub-agent's search: the agency's price unchanged, the master's 3 % on top of what they pay.
    const [offer] = await findOffers(t, { cookie: sub, days: 10 });
    if (!offer) throw new Error('no offer');
    const [asMasterOffer] = (await findOffers(t, { cookie: master, days: 10 })).filter(
      (o) => o.id === offer.id,
    );
    expect(offer.price.total).toBe(asMasterOffer?.price.total);
    const masterMarkup = offer.price.master_markup?.amount ?? 0;
    expect(offer.price.master_markup?.percent).toBe(3);
    expect(masterMarkup).toBe(Math.round(offer.price.total * 0.03));
    const subCommission = offer.price.commission?.amount ?? 0;
    expect(offer.price.commission?.net_total).toBe(offer.price.total + masterMarkup - subCommission);
    const subMarkup = offer.price.agent_markup?.amount ?? 0;
    expect(offer.price.agent_markup?.selling_total).toBe(offer.price.total + masterMarkup + subMarkup);

    const held = await postBooking(t, sub, bookingBody([offer]));
    expect(held.statusCode, held.body).toBe(200);
    const booking = held.json().data as Booking;
    // What the sub-agent pays: their level's `pays` below (the wallet's debit).
    expect((await fund(1_000_000)).statusCode).toBe(200);
    const subBefore = await walletOf(t.database.db, SUB_EMAIL);
    const masterBefore = await walletOf(t.database.db, 'agent@sajilo.example');
    const paid = await call(sub, 'POST', `/bookings/${booking.pnr}/payments`, { method: 'wallet' });
    expect(paid.statusCode, paid.body).toBe(200);

    const addsUp = (b: PriceBreakdown, top: number) =>
      expect(b.traveller_pays).toBe(top + b.levels.reduce((sum, level) => sum + level.earns, 0));
    // The agency: every level, the master earning their kept commission and their markup.
    const full = (await call(admin, 'GET', `/admin/bookings/${booking.pnr}`)).json().data.booking
      .price_breakdown as PriceBreakdown;
    const [masterLevel, subLevel] = full.levels;
    if (!masterLevel || !subLevel) throw new Error('levels missing');
    expect(full.traveller_pays).toBe(offer.price.total + masterMarkup + subMarkup);
    expect(subLevel).toMatchObject({
      role: 'sub_agent',
      charges: full.traveller_pays,
      pays: offer.price.total + masterMarkup - subCommission,
      earns: subCommission + subMarkup,
    });
    expect(masterLevel).toMatchObject({ role: 'master_agent', markup: masterMarkup, charges: subLevel.pays });
    expect(masterLevel.earns).toBe(masterLevel.commission + masterMarkup);
    expect(full.agency_charged).toBe(masterLevel.pays);
    addsUp(full, full.agency_charged ?? Number.NaN);
    // The master: the same levels and sums.
    const asMaster = (await call(master, 'GET', `/bookings/${booking.pnr}`)).json().data as Booking;
    expect(asMaster.price_breakdown).toEqual(full);
    // The sub-agent: their own level, which adds up to what the traveller pays.
    const asSub = (await call(sub, 'GET', `/bookings/${booking.pnr}`)).json().data as Booking;
    expect(asSub.price_breakdown?.levels).toEqual([subLevel]);
    addsUp(asSub.price_breakdown as PriceBreakdown, subLevel.pays);

    // The money: the sub-agent paid their level's `pays`, the master was credited their `earns`.
    const subAfter = await walletOf(t.database.db, SUB_EMAIL);
    const masterAfter = await walletOf(t.database.db, 'agent@sajilo.example');
    expect(subBefore.balance - subAfter.balance).toBe(subLevel.pays);
    expect(masterAfter.balance - masterBefore.balance).toBe(masterLevel.earns);
    expect((await checkBooks(t.database.db)).problems).toEqual([]);
    // Audited.
    const audit = (await call(admin, 'GET', '/admin/audit?action=sub-agent.markup')).json().data.items;
    expect(audit[0]?.after).toEqual({ masterMarkupPercent: 3 });
    await call(master, 'PUT', `/agent/sub-agents/${subId}/markup`, { master_markup_percent: 0 });
  });

  it('the agency places an existing agent under a master agent; the master then reads their bookings', async () => {
    const agent = (
      await call(admin, 'POST', '/admin/users', {
        firstName: 'Ram',
        lastName: 'Moved',
        email: 'ram.moved@example.com',
      })
    ).json().data;
    const customer = (await call(admin, 'GET', '/admin/users?q=customer%40sajilo.example')).json().data
      .items[0];
    const wrongMaster = await call(admin, 'PUT', `/admin/users/${agent.id}/master`, {
      master_agent_id: customer.id,
    });
    expect(wrongMaster.statusCode).toBe(400);
    expect(wrongMaster.json().data.fields).toHaveProperty('master_agent_id');
    const placed = await call(admin, 'PUT', `/admin/users/${agent.id}/master`, { master_agent_id: masterId });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.masterAgentId).toBe(masterId);
    expect(await audited('user.master', agent.id)).toEqual([
      { before: { masterAgentId: null }, after: { masterAgentId: masterId } },
    ]);
    // A master cannot be placed under another; the agent now shows in the master's list.
    expect(
      (await call(admin, 'PUT', `/admin/users/${masterId}/master`, { master_agent_id: masterId })).statusCode,
    ).toBe(400);
    const list = (await call(master, 'GET', '/agent/sub-agents')).json().data.items as { id: string }[];
    expect(list.map((item) => item.id)).toContain(agent.id);
  });
});
