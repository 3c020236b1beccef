import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/accounts';
import { adminSessions, asAdmin } from '../../../test/admin';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
beforeAll(async () => {
  t = await createTestApp();
  sessions = await adminSessions(t);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method, url, payload);

const customerToken = (clientId: string, clientSecret: string) =>
  api(t, {
    method: 'POST',
    url: '/clients/customer-token',
    payload: {
      clientId,
      clientSecret,
      customer: { firstName: 'Hari', lastName: 'Thapa', mobile: '9851234567' },
    },
  });

describe('partner apps in the console', () => {
  it('registers, lists without secrets, rotates (old secret stops) and revokes (no more tokens)', async () => {
    const registered = (await admin('POST', '/admin/partner-apps', { name: 'Mobile bank' })).json().data;
    expect(registered.clientSecret).toMatch(/^tks_/);
    const listed = (await admin('GET', '/admin/partner-apps')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: registered.id, revoked: false })]);
    expect(JSON.stringify(listed)).not.toContain('tks_');

    const rotated = (await admin('POST', `/admin/partner-apps/${registered.id}/rotate-secret`)).json().data;
    expect(rotated.clientSecret).not.toBe(registered.clientSecret);
    expect((await customerToken(registered.clientId, registered.clientSecret)).statusCode).toBe(401);
    const token = await customerToken(registered.clientId, rotated.clientSecret);
    expect(token.statusCode).toBe(200);

    const revoked = await admin('POST', `/admin/partner-apps/${registered.id}/revoke`);
    expect(revoked.json().data.revoked).toBe(true);
    expect((await customerToken(registered.clientId, rotated.clientSecret)).statusCode).toBe(401);
    // A token issued before the revocation no longer signs anybody in.
    const profile = await api(t, {
      method: 'POST',
      url: '/clients/profile',
      payload: { clientCustomerToken: token.json().data.clientCustomerToken },
    });
    expect(profile.statusCode).toBe(401);
    const rotateRevoked = await admin('POST', `/admin/partner-apps/${registered.id}/rotate-secret`);
    expect(rotateRevoked.statusCode).toBe(400);

    const actions = (await admin('GET', '/admin/audit'))
      .json()
      .data.items.map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['partner-app.register', 'partner-app.rotate-secret', 'partner-app.revoke']),
    );
    expect(JSON.stringify((await admin('GET', '/admin/audit')).json().data)).not.toContain(
      rotated.clientSecret,
    );
  });
});
