import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, users } from '../../../db/schema/index';
import { DEMO_OPERATOR_EMAIL } from '../../../seed/demo-users';
import { api, logIn } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { recipientToken } from '../../../test/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Why the outbox masks working links (docs/decisions/0008-masked-links-in-the-outbox.md): a brand admin read
 * a password-reset e-mail in the outbox, with its live link, and took over the user; the platform operator,
 * who signs in on a brand's host, was one of those users. Each attack below worked before the fix.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await adminSessions(t)).sajiloAdmin;
});
afterAll(() => t.close());

const idOf = async (email: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
};
const confirmReset = (token: string, password: string) =>
  api(t, { method: 'POST', url: '/auth/password-reset/confirm', payload: { token, password } });

describe('no credential reaches an admin', () => {
  it('shows the reset link in the outbox masked, so the admin cannot use it; the owner’s e-mail works', async () => {
    const agentId = await idOf('agent@sajilo.example');
    expect((await asAdmin(t, admin, 'POST', `/admin/users/${agentId}/reset-password`)).statusCode).toBe(200);

    const list = (await asAdmin(t, admin, 'GET', '/admin/outbox')).json().data.items as {
      id: string;
      to: string;
    }[];
    const mail = list.find((item) => item.to === 'agent@sajilo.example');
    const shown = (await asAdmin(t, admin, 'GET', `/admin/outbox/${mail?.id}`)).json().data.text as string;
    expect(shown).toContain('/auth/reset-password?token=********');
    expect(shown).not.toMatch(/token=[\w-]{16,}/);
    const taken = await confirmReset('********'.padEnd(43, '*'), 'the admin owns this now');
    expect(taken.statusCode).toBe(400);

    const [row] = await t.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.id, mail?.id ?? ''), eq(emailOutbox.to, 'agent@sajilo.example')));
    expect(row?.sealedLinks).toBeTruthy();
    expect(row?.sealedLinks).not.toContain(recipientToken(t, row));
    expect((await confirmReset(recipientToken(t, row), 'the owner chose this one')).statusCode).toBe(200);
  });

  it('ends every other reset link of the user once one is used', async () => {
    const email = 'customer@sajilo.example';
    const ask = () => api(t, { method: 'POST', url: '/auth/password-reset', payload: { email } });
    await ask();
    await ask();
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    const [older, newer] = mails.slice(-2).map((mail) => recipientToken(t, mail));
    expect((await confirmReset(newer ?? '', 'a brand new pass phrase')).statusCode).toBe(200);
    const stale = await confirmReset(older ?? '', 'someone else’s pass phrase');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().data.code).toBe('INVALID_RESET_TOKEN');
    await logIn(t, email, { password: 'a brand new pass phrase' });
  });
});

describe('platform operators are not brand users', () => {
  it('are not listed, and cannot be read, changed, suspended, reset or credited by a brand admin', async () => {
    const operatorId = await idOf(DEMO_OPERATOR_EMAIL);
    const listed = await asAdmin(
      t,
      admin,
      'GET',
      `/admin/users?q=${encodeURIComponent(DEMO_OPERATOR_EMAIL)}`,
    );
    expect(listed.json().data.items).toEqual([]);
    const everyone = await asAdmin(t, admin, 'GET', '/admin/users?limit=100');
    expect(JSON.stringify(everyone.json())).not.toContain(DEMO_OPERATOR_EMAIL);

    const attempts: [string, 'GET' | 'POST' | 'PATCH', unknown?][] = [
      [`/admin/users/${operatorId}`, 'GET'],
      [`/admin/users/${operatorId}`, 'PATCH', { type: 'admin' }],
      [`/admin/users/${operatorId}/suspend`, 'POST'],
      [`/admin/users/${operatorId}/reset-password`, 'POST'],
      [`/admin/users/${operatorId}/wallet/top-ups`, 'POST', { amount: 100, reference: 'x-1', note: 'x' }],
      [`/admin/users/${operatorId}/wallet/entries`, 'GET'],
    ];
    for (const [url, method, payload] of attempts) {
      const response = await asAdmin(t, admin, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, DEMO_OPERATOR_EMAIL));
    expect(mails).toEqual([]);
    // The operator still runs the platform.
    const { cookie } = await logIn(t, DEMO_OPERATOR_EMAIL);
    expect((await api(t, { url: '/platform/brands', cookie })).statusCode).toBe(200);
  });
});
