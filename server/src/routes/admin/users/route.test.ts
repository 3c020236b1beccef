import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../../../db/schema/index';
import { api, DEMO_PASSWORD, logIn } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { recipientToken } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method, url, payload);

async function userId(email: string): Promise<string> {
  const page = await admin('GET', `/admin/users?q=${encodeURIComponent(email)}`);
  return page.json().data.items[0].id;
}

async function latestEmailTo(to: string) {
  const list = (await admin('GET', '/admin/outbox?pageSize=100')).json().data.items;
  const summary = list.find((e: { to: string }) => e.to === to);
  return (await admin('GET', `/admin/outbox/${summary.id}`)).json().data;
}

describe('users of the brand', () => {
  it('lists the brand’s users only, with commission and wallet, paged and searchable', async () => {
    const page = (await admin('GET', '/admin/users?pageSize=2')).json().data;
    expect(page.items).toHaveLength(2);
    // customer, individual, agent and admin: the platform operator is nobody's brand user.
    expect(page.total).toBeGreaterThanOrEqual(4);
    const all = (await admin('GET', '/admin/users?pageSize=100')).json().data.items;
    expect(all.every((u: { email: string | null }) => !u.email?.endsWith('globalime.example'))).toBe(true);
    const agents = (await admin('GET', '/admin/users?type=agent')).json().data.items;
    expect(agents[0]).toMatchObject({
      email: 'agent@sajilo.example',
      commissionPercent: 5,
      walletBalance: 5_000_000,
      walletCurrency: 'NPR',
      suspended: false,
      hasPassword: true,
    });
    expect(agents[0]).not.toHaveProperty('passwordHash');
    const byMobile = (await admin('GET', '/admin/users?q=9800000003')).json().data.items;
    expect(byMobile.map((u: { email: string }) => u.email)).toEqual(['customer@sajilo.example']);
    const byName = (await admin('GET', '/admin/users?q=gurung')).json().data.items;
    expect(byName.map((u: { email: string }) => u.email)).toEqual(['agent@sajilo.example']);
    // LIKE's wildcards and escape character are plain text (docs/security.md#names).
    for (const typed of ['%25', '_', '%5C', 'g_rung']) {
      const found = await admin('GET', `/admin/users?q=${typed}`);
      expect(found.statusCode, typed).toBe(200);
      expect(found.json().data.items, typed).toEqual([]);
    }
    expect((await admin('GET', '/admin/users?pageSize=1000')).statusCode).toBe(400);
  });

  it('tells a checkout guest from an invited user who has not chosen a password yet', async () => {
    const guest = await api(t, {
      method: 'POST',
      url: '/auth/guest',
      payload: {
        email: 'guest.list@example.com',
        mobile: '+9779811122233',
        firstName: 'Nima',
        lastName: 'Guest',
      },
    });
    expect(guest.statusCode, guest.body).toBe(200);
    const listed = (await admin('GET', '/admin/users?q=Nima')).json().data.items;
    expect(listed).toEqual([
      expect.objectContaining({ firstName: 'Nima', type: 'customer', guest: true, hasPassword: false }),
    ]);
    const agents = (await admin('GET', '/admin/users?type=agent')).json().data.items;
    expect(agents.every((user: { guest: boolean }) => user.guest === false)).toBe(true);
  });

  it('invites a new agent by e-mail; the link sets a password and the agent logs in', async () => {
    const created = await admin('POST', '/admin/users', {
      firstName: 'Maya',
      lastName: 'Rai',
      email: 'Maya@Example.com',
      mobile: '9801111222',
      commissionPercent: 3,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      type: 'agent',
      email: 'maya@example.com',
      hasPassword: false,
    });
    const invitation = await latestEmailTo('maya@example.com');
    expect(invitation.subject).toBe('Your Sajilo Travels account');
    const [queued] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, invitation.id));
    const token = recipientToken(t, queued);
    const confirm = await api(t, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { token, password: 'a long new pass phrase' },
    });
    expect(confirm.statusCode).toBe(200);
    await logIn(t, 'maya@example.com', { password: 'a long new pass phrase' });
    const duplicate = await admin('POST', '/admin/users', {
      firstName: 'A',
      lastName: 'B',
      email: 'maya@example.com',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().data.fields).toHaveProperty('email');
    const invalid = await admin('POST', '/admin/users', {
      firstName: '',
      lastName: 'B',
      email: 'nope',
      commissionPercent: 30,
    });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json().data.fields).sort()).toEqual([
      'commissionPercent',
      'email',
      'firstName',
    ]);
  });

  it('changes a user’s type, but never the admin’s own', async () => {
    const id = await userId('customer@sajilo.example');
    const changed = await admin('PATCH', `/admin/users/${id}`, { type: 'agent' });
    expect(changed.json().data.type).toBe('agent');
    await admin('PATCH', `/admin/users/${id}`, { type: 'customer' });
    const self = await admin('PATCH', `/admin/users/${await userId('admin@sajilo.example')}`, {
      type: 'agent',
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().data.fields).toHaveProperty('type');
    const audit = (await admin('GET', '/admin/audit?action=user.change-type')).json().data.items;
    expect(audit[1]).toMatchObject({ entityId: id, before: { type: 'customer' }, after: { type: 'agent' } });
  });

  it('suspends a user: their session ends and log-in is refused; reinstating lets them back', async () => {
    const { cookie } = await logIn(t, 'individual@sajilo.example');
    expect((await api(t, { method: 'GET', url: '/me', cookie })).statusCode).toBe(200);
    const id = await userId('individual@sajilo.example');
    const suspended = await admin('POST', `/admin/users/${id}/suspend`);
    expect(suspended.json().data.suspended).toBe(true);
    expect((await api(t, { method: 'GET', url: '/me', cookie })).statusCode).toBe(401);
    const refused = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'individual@sajilo.example', password: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('ACCOUNT_SUSPENDED');
    const wrongPassword = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'individual@sajilo.example', password: 'not the password' },
    });
    expect(wrongPassword.json().data.code).toBe('INVALID_CREDENTIALS');
    expect(
      (await admin('GET', '/admin/users?status=suspended'))
        .json()
        .data.items.map((u: { id: string }) => u.id),
    ).toEqual([id]);
    await admin('POST', `/admin/users/${id}/reinstate`);
    await logIn(t, 'individual@sajilo.example');
    const self = await admin('POST', `/admin/users/${await userId('admin@sajilo.example')}/suspend`);
    expect(self.statusCode).toBe(400);
  });

  it('e-mails a password reset link on the admin’s request', async () => {
    const id = await userId('agent@sajilo.example');
    const response = await admin('POST', `/admin/users/${id}/reset-password`);
    expect(response.statusCode).toBe(200);
    const email = await latestEmailTo('agent@sajilo.example');
    expect(email.subject).toBe('Reset your Sajilo Travels password');
    expect(email.text).toMatch(/http:\/\/localhost:3000\/auth\/reset-password\?token=/);
    const audit = (await admin('GET', '/admin/audit?action=user.reset-password')).json().data.items;
    expect(audit[0]).toMatchObject({ actor: 'admin@sajilo.example', entityId: id });
  });

  it('answers an unknown or malformed id with 404 or 400, never 500', async () => {
    expect((await admin('GET', '/admin/users/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await admin('GET', '/admin/users/not-a-uuid')).statusCode).toBe(400);
  });
});
