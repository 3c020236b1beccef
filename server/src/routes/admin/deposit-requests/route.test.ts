import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDepositRequest, DepositRequest } from '#shared/deposit-requests';
import { auditLog, emailOutbox, smsOutbox, users, walletEntries } from '../../../db/schema/index';
import { dateOf, todayInNepal } from '../../../domain/flight-engine/calendar';
import { checkBooks } from '../../../domain/ledger/check-books';
import { runJob } from '../../../jobs/run-all-jobs';
import { api, logInDemo } from '../../../test/accounts';
import { PNG_PIXEL } from '../../../test/admin';
import { walletOf } from '../../../test/bookings';
import { addStaffMember } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Deposit requests (docs/finance-statements.md#deposit-requests) over HTTP on a real database: the
 * agent asks with the bank's reference, day and slip; finance approves (the wallet credited once,
 * audited, the agent told by e-mail, SMS and the `wallet.deposit` webhook) or rejects.
 */
const AGENT = 'agent@sajilo.example';
const today = dateOf(todayInNepal());
const tomorrow = dateOf(todayInNepal() + 1);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let agent: string;
let owner: string;
let finance: { cookie: string; id: string };
let sales: string;
let viewer: string;
let receiver: { bodies: string[]; url: string; server: Server };

beforeAll(async () => {
  t = await createTestApp();
  agent = await logInDemo(t, 'sajilo', 'agent');
  owner = await logInDemo(t, 'sajilo', 'admin');
  finance = await addStaffMember(t, 'finance', { ownerCookie: owner });
  sales = (await addStaffMember(t, 'sales', { ownerCookie: owner })).cookie;
  viewer = (await addStaffMember(t, 'viewer', { ownerCookie: owner })).cookie;
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      bodies.push(body);
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver = { bodies, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks` };
}, 120_000);
afterAll(async () => {
  await new Promise((resolve) => receiver.server.close(resolve));
  await t.close();
});

const ask = (payload: object, cookie = agent) =>
  api(t, { method: 'POST', url: '/wallet/deposit-requests', cookie, payload });
const decide = (id: number, decision: 'approve' | 'reject', cookie: string, note?: string) =>
  api(t, {
    method: 'POST',
    url: `/admin/deposit-requests/${id}/${decision}`,
    cookie,
    payload: note ? { note } : {},
  });
const reference = () => `NIC-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

describe('asking for a top-up', () => {
  it('names the field of each bad input and writes nothing', async () => {
    const good = { amount: 500_000, reference: reference(), deposited_on: today };
    const before = (await api(t, { method: 'GET', url: '/wallet/deposit-requests', cookie: agent })).json()
      .data.total;
    for (const [payload, field] of [
      [{ ...good, amount: -5 }, 'amount'],
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: 100.5 }, 'amount'],
      [{ ...good, amount: '500' }, 'amount'],
      [{ ...good, reference: '  ' }, 'reference'],
      [{ amount: 500_000, deposited_on: today }, 'reference'],
      [{ ...good, deposited_on: tomorrow }, 'deposited_on'],
      [{ ...good, deposited_on: '2026-02-30' }, 'deposited_on'],
      [{ ...good, deposited_on: '07/11/2026' }, 'deposited_on'],
      [{ ...good, slip: { content_type: 'text/html', data: PNG_PIXEL.toString('base64') } }, 'slip'],
      [{ ...good, slip: { content_type: 'application/pdf', data: PNG_PIXEL.toString('base64') } }, 'slip'],
      [{ ...good, slip: { content_type: 'image/png', data: PDF.toString('base64') } }, 'slip'],
    ] as const) {
      const response = await ask(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data.fields, JSON.stringify(payload)).toHaveProperty(field);
    }
    const after = (await api(t, { method: 'GET', url: '/wallet/deposit-requests', cookie: agent })).json()
      .data;
    expect(after.total).toBe(before);
  });

  it('answers 201 with the id; the agent lists it pending and reads the slip, nobody else does', async () => {
    const ref = reference();
    const created = await ask({
      amount: 750_050,
      reference: ref,
      deposited_on: today,
      slip: { content_type: 'application/pdf', data: PDF.toString('base64') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const request = created.json().data as DepositRequest;
    expect(request).toMatchObject({
      amount: 750_050,
      currency: 'NPR',
      reference: ref,
      deposited_on: today,
      status: 'pending',
      slip_content_type: 'application/pdf',
    });
    expect(request.deposited_on_bs).toMatch(/^20\d\d-\d\d-\d\d$/);
    const mine = (await api(t, { method: 'GET', url: '/wallet/deposit-requests', cookie: agent })).json()
      .data;
    expect(mine.items[0]).toMatchObject({ id: request.id, status: 'pending' });

    const slip = await api(t, {
      method: 'GET',
      url: `/wallet/deposit-requests/${request.id}/slip`,
      cookie: agent,
    });
    expect(slip.statusCode).toBe(200);
    expect(slip.headers['content-type']).toBe('application/pdf');
    expect(slip.headers['content-security-policy']).toContain('sandbox');
    expect(slip.rawPayload.equals(PDF)).toBe(true);
    const customer = await logInDemo(t, 'sajilo', 'customer');
    const notTheirs = await api(t, {
      method: 'GET',
      url: `/wallet/deposit-requests/${request.id}/slip`,
      cookie: customer,
    });
    expect(notTheirs.statusCode).toBe(403);
    const staffSlip = await api(t, {
      method: 'GET',
      url: `/admin/deposit-requests/${request.id}/slip`,
      cookie: finance.cookie,
    });
    expect(staffSlip.statusCode).toBe(200);

    // The same deposit asked about twice: 409 naming the reference.
    const again = await ask({ amount: 750_050, reference: ref, deposited_on: today });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.fields).toHaveProperty('reference');
  });
});

describe('deciding a deposit request', () => {
  it('finance approves once: the wallet and ledger credited, audited, the agent e-mailed, texted and told by webhook', async () => {
    const hook = await api(t, {
      method: 'POST',
      url: '/webhooks',
      cookie: agent,
      payload: { url: receiver.url, events: ['wallet.deposit'] },
    });
    expect(hook.statusCode, hook.body).toBe(200);
    const ref = reference();
    const created = await ask({
      amount: 1_234_500,
      reference: ref,
      deposited_on: today,
      slip: { content_type: 'image/png', data: PNG_PIXEL.toString('base64') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;

    const pending = await api(t, {
      method: 'GET',
      url: '/admin/deposit-requests?status=pending',
      cookie: viewer,
    });
    expect(pending.statusCode).toBe(200);
    const listed = (pending.json().data.items as AdminDepositRequest[]).find((r) => r.id === id);
    expect(listed).toMatchObject({ reference: ref, agent: { email: AGENT } });

    for (const cookie of [viewer, sales]) {
      const refused = await decide(id, 'approve', cookie);
      expect(refused.statusCode).toBe(403);
    }
    const before = await walletOf(t.app.db, AGENT);
    const approved = await decide(id, 'approve', finance.cookie, 'Seen on the bank statement');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      request: { id, status: 'approved' },
      balance: before.balance + 1_234_500,
    });
    const again = await decide(id, 'approve', owner);
    expect(again.statusCode).toBe(409);
    const rejectedLater = await decide(id, 'reject', owner);
    expect(rejectedLater.statusCode).toBe(409);

    const after = await walletOf(t.app.db, AGENT);
    expect(after.balance).toBe(before.balance + 1_234_500);
    expect(after.ledger).toBe(after.balance);
    const credits = await t.app.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.userId, after.id), eq(walletEntries.reference, ref)));
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ kind: 'top_up', amount: 1_234_500, createdByUserId: finance.id });
    expect((await checkBooks(t.app.db)).problems).toEqual([]);

    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'deposit_request'), eq(auditLog.entityId, String(id))));
    expect(audit).toMatchObject({ action: 'wallet.deposit-request.approve', actorUserId: finance.id });
    const mails = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, AGENT));
    expect(mails.map((m) => m.subject)).toContain('Deposit of NPR 12,345.00 credited to your wallet');
    const [agentRow] = await t.app.db.select().from(users).where(eq(users.email, AGENT));
    const texts = await t.app.db
      .select()
      .from(smsOutbox)
      .where(eq(smsOutbox.dedupeKey, `wallet_deposit:${id}`));
    expect(texts).toEqual([
      expect.objectContaining({
        kind: 'wallet_deposit',
        to: agentRow?.mobile,
        text: expect.stringContaining(ref),
      }),
    ]);

    await runJob(t.app, 'webhooks.deliver');
    const event = receiver.bodies.map((body) => JSON.parse(body)).find((e) => e.type === 'wallet.deposit');
    expect(event?.data).toMatchObject({
      deposit_request: { id, status: 'approved', amount: 1_234_500 },
      wallet: { balance: after.balance },
    });

    // The agent's own ledger shows the credit with the running balance.
    const ledger = await api(t, { method: 'GET', url: '/wallet/entries?pageSize=5', cookie: agent });
    expect(ledger.statusCode).toBe(200);
    expect(ledger.json().data.items[0]).toMatchObject({
      kind: 'top_up',
      amount: 1_234_500,
      reference: ref,
      balance: after.balance,
    });
    expect(ledger.json().data.balance).toBe(after.balance);
  });

  it('a rejection credits nothing, says why to the agent, and the deposit may be asked about again', async () => {
    const ref = reference();
    const id = (await ask({ amount: 99_900, reference: ref, deposited_on: today })).json().data.id as number;
    const before = await walletOf(t.app.db, AGENT);
    const rejected = await decide(id, 'reject', owner, 'No such deposit on our statement');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data.request).toMatchObject({
      status: 'rejected',
      note: 'No such deposit on our statement',
    });
    expect((await walletOf(t.app.db, AGENT)).balance).toBe(before.balance);
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, AGENT), eq(emailOutbox.subject, 'Deposit of NPR 999.00 not approved')));
    expect(mail?.text).toContain('No such deposit on our statement');
    const mine = (await api(t, { method: 'GET', url: '/wallet/deposit-requests', cookie: agent })).json()
      .data;
    expect(mine.items.find((r: DepositRequest) => r.id === id)).toMatchObject({ status: 'rejected' });
    expect((await ask({ amount: 99_900, reference: ref, deposited_on: today })).statusCode).toBe(201);
  });

  it('no staff member decides a request for their own account or credits another staff member’s; another brand’s is not found', async () => {
    const own = await ask({ amount: 10_000, reference: reference(), deposited_on: today }, finance.cookie);
    expect(own.statusCode, own.body).toBe(201);
    const id = own.json().data.id as number;
    const refused = await decide(id, 'approve', finance.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('STAFF_OWN_ACCOUNT');
    const alsoRefused = await decide(id, 'reject', finance.cookie);
    expect(alsoRefused.statusCode).toBe(403);
    // Another staff member's account: the owner may not credit it either, only turn it down.
    const byOwner = await decide(id, 'approve', owner);
    expect(byOwner.statusCode, byOwner.body).toBe(403);
    expect(byOwner.json().data.code).toBe('STAFF_OWN_ACCOUNT');
    const wallet = await api(t, { method: 'GET', url: '/wallet', cookie: finance.cookie });
    expect(wallet.json().data.balance).toBe(0);
    const rejectedByOwner = await decide(id, 'reject', owner);
    expect(rejectedByOwner.statusCode, rejectedByOwner.body).toBe(200);
    expect((await decide(999_999_999, 'approve', owner)).statusCode).toBe(404);
    const badId = await decide(-1, 'approve', owner);
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data.fields).toHaveProperty('id');
  });
});
