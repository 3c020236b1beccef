import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, users } from '../../../db/schema/index';
import { api, logIn, logInDemo } from '../../../test/accounts';
import { asAdmin, GLOBALIME } from '../../../test/admin';
import { addStaffMember, invitationToken, STAFF_PASSWORD } from '../../../test/staff';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await logInDemo(t, 'sajilo', 'admin');
});
afterAll(() => t.close());

const asOwner = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  asAdmin(t, owner, method, url, payload);

const accept = (token: string, extra: Record<string, unknown> = {}, host?: string) =>
  api(t, {
    method: 'POST',
    url: '/auth/staff-invitations/accept',
    ...(host ? { host } : {}),
    payload: { token, firstName: 'Sita', lastName: 'Karki', password: STAFF_PASSWORD, ...extra },
  });

describe('staff roles', () => {
  it('made every admin before roles an owner, who keeps the whole console', async () => {
    const me = (await api(t, { method: 'GET', url: '/me', cookie: owner })).json().data;
    expect(me).toMatchObject({ type: 'admin', staff_role: 'owner' });
    const admins = await t.app.db.select().from(users).where(eq(users.type, 'admin'));
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.every((u) => u.staffRole === 'owner')).toBe(true);
    const others = await t.app.db.select().from(users).where(eq(users.type, 'agent'));
    expect(others.every((u) => u.staffRole === null)).toBe(true);
  });

  it('invites by e-mail: the link reaches only the invitee, accepting creates the member, who logs in with the role', async () => {
    const email = 'sita.finance@staff.example';
    const invited = await asOwner('POST', '/admin/staff/invitations', {
      email: 'Sita.Finance@Staff.example',
      role: 'finance',
    });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().data).toMatchObject({ email, role: 'finance', status: 'pending' });
    const token = await invitationToken(t, email);
    // The token is in no answer, in the outbox only sealed, and the console shows the link masked.
    expect(invited.body).not.toContain(token);
    const [row] = await t.app.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row?.text).toContain('/auth/accept-invitation?token=********');
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await asOwner('GET', '/admin/outbox?pageSize=100');
    const shown = await asOwner('GET', `/admin/outbox/${row?.id}`);
    expect(listed.body + shown.body).not.toContain(token);
    const audit = await asOwner('GET', '/admin/audit?pageSize=100');
    expect(audit.body).not.toContain(token);
    expect(audit.json().data.items[0]).toMatchObject({ action: 'staff.invite' });

    const preview = await api(t, {
      method: 'POST',
      url: '/auth/staff-invitations/preview',
      payload: { token },
    });
    expect(preview.json().data).toEqual({ email, role: 'finance', brand: 'Sajilo Travels' });
    // Another brand's host does not know the invitation.
    expect((await accept(token, {}, GLOBALIME)).json().data.code).toBe('INVALID_INVITATION');

    const weak = await accept(token, { password: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().data.fields).toHaveProperty('password');
    const accepted = await accept(token);
    expect(accepted.statusCode).toBe(200);
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().data.code).toBe('INVALID_INVITATION');

    const { response, cookie } = await logIn(t, email, { password: STAFF_PASSWORD });
    expect(response.json().data).toMatchObject({ type: 'admin', staff_role: 'finance', name: 'Sita Karki' });
    // Finance moves money and reads reports, but neither runs the brand nor manages staff.
    expect(
      (await asAdmin(t, cookie, 'GET', '/admin/reports?from=2026-01-01&to=2026-01-31&groupBy=agent'))
        .statusCode,
    ).toBe(200);
    const refused = await asAdmin(t, cookie, 'GET', '/admin/staff');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.code).toBe('FORBIDDEN');
    expect((await asAdmin(t, cookie, 'PUT', '/admin/brand', {})).statusCode).toBe(403);

    const staff = (await asOwner('GET', '/admin/staff')).json().data;
    expect(staff.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: 'admin@sajilo.example', role: 'owner', you: true }),
        expect.objectContaining({ email, role: 'finance', revoked: false, you: false }),
      ]),
    );
    expect(staff.invitations[0]).toMatchObject({ email, status: 'accepted' });
    const [acceptance] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'staff.accept'));
    expect(acceptance).toMatchObject({
      actorLabel: email,
      after: expect.objectContaining({ role: 'finance' }),
    });
  });

  it('refuses an address that has an account, replaces an earlier invitation, and withdraws one', async () => {
    const taken = await asOwner('POST', '/admin/staff/invitations', {
      email: 'agent@sajilo.example',
      role: 'sales',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().data).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } });
    const bad = await asOwner('POST', '/admin/staff/invitations', { email: 'x@staff.example', role: 'boss' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.fields).toHaveProperty('role');

    const email = 'twice@staff.example';
    await asOwner('POST', '/admin/staff/invitations', { email, role: 'viewer' });
    const first = await invitationToken(t, email);
    const second = (await asOwner('POST', '/admin/staff/invitations', { email, role: 'support' })).json()
      .data;
    expect((await accept(first)).json().data.code).toBe('INVALID_INVITATION');
    const secondToken = await invitationToken(t, email);
    const withdrawn = await asOwner('DELETE', `/admin/staff/invitations/${second.id}`);
    expect(withdrawn.json().data).toMatchObject({ status: 'withdrawn' });
    expect((await accept(secondToken)).json().data.code).toBe('INVALID_INVITATION');
    // Brand B's owner cannot withdraw brand A's invitation.
    const globalime = await logInDemo(t, 'globalime', 'admin');
    const other = await asAdmin(
      t,
      globalime,
      'DELETE',
      `/admin/staff/invitations/${second.id}`,
      undefined,
      GLOBALIME,
    );
    expect(other.statusCode).toBe(404);
  });

  it('changes a member’s role from their next request, and revokes access: sessions end, log-in refused; all audited', async () => {
    const member = await addStaffMember(t, 'viewer', { ownerCookie: owner });
    expect((await asAdmin(t, member.cookie, 'POST', '/admin/bookings/ZZZZZ9/resend-ticket')).statusCode).toBe(
      403,
    );
    const changed = await asOwner('PUT', `/admin/staff/${member.id}/role`, { role: 'support' });
    expect(changed.json().data).toMatchObject({ role: 'support' });
    // Support may resend: the unknown booking is now a 404, no longer a refusal.
    expect((await asAdmin(t, member.cookie, 'POST', '/admin/bookings/ZZZZZ9/resend-ticket')).statusCode).toBe(
      404,
    );
    const me = (await api(t, { method: 'GET', url: '/me', cookie: member.cookie })).json().data;
    expect(me.staff_role).toBe('support');

    const ownerId = (await api(t, { method: 'GET', url: '/me', cookie: owner })).json().data.userToken;
    const self = await asOwner('PUT', `/admin/staff/${ownerId}/role`, { role: 'viewer' });
    expect(self.statusCode).toBe(400);
    expect(self.json().data.fields).toHaveProperty('role');
    expect((await asOwner('POST', `/admin/staff/${ownerId}/revoke`)).statusCode).toBe(400);
    const agentId = (await asOwner('GET', '/admin/users?type=agent')).json().data.items[0].id;
    expect((await asOwner('PUT', `/admin/staff/${agentId}/role`, { role: 'sales' })).statusCode).toBe(404);

    const revoked = await asOwner('POST', `/admin/staff/${member.id}/revoke`);
    expect(revoked.json().data).toMatchObject({ revoked: true, role: 'support' });
    expect((await api(t, { method: 'GET', url: '/me', cookie: member.cookie })).statusCode).toBe(401);
    const login = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: member.email, password: STAFF_PASSWORD },
    });
    expect(login.json().data.code).toBe('ACCOUNT_SUSPENDED');
    const actions = (await asOwner('GET', '/admin/audit?pageSize=20'))
      .json()
      .data.items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['staff.change-role', 'staff.revoke']));
  });

  it('lets sales manage agents but never staff: no promoting, suspending or resetting an admin', async () => {
    const sales = await addStaffMember(t, 'sales', { ownerCookie: owner });
    const agentId = (await asAdmin(t, sales.cookie, 'GET', '/admin/users?type=agent')).json().data.items[0]
      .id;
    const ownerId = (await api(t, { method: 'GET', url: '/me', cookie: owner })).json().data.userToken;
    const promote = await asAdmin(t, sales.cookie, 'PATCH', `/admin/users/${agentId}`, { type: 'admin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().data.code).toBe('FORBIDDEN');
    for (const verb of ['suspend', 'reset-password'])
      expect((await asAdmin(t, sales.cookie, 'POST', `/admin/users/${ownerId}/${verb}`)).statusCode).toBe(
        403,
      );
    const newAdmin = await asAdmin(t, sales.cookie, 'POST', '/admin/users', {
      firstName: 'A',
      lastName: 'B',
      email: 'sneaky@staff.example',
      type: 'admin',
    });
    expect(newAdmin.statusCode).toBe(403);
    // Agents are theirs: suspend and reinstate one.
    expect(
      (await asAdmin(t, sales.cookie, 'POST', `/admin/users/${agentId}/suspend`)).json().data.suspended,
    ).toBe(true);
    expect(
      (await asAdmin(t, sales.cookie, 'POST', `/admin/users/${agentId}/reinstate`)).json().data.suspended,
    ).toBe(false);
    // An owner who makes a user an admin makes an owner, as before roles.
    const customerId = (await asOwner('GET', '/admin/users?type=customer')).json().data.items[0].id;
    const made = await asOwner('PATCH', `/admin/users/${customerId}`, { type: 'admin' });
    expect(made.json().data).toMatchObject({ type: 'admin', staffRole: 'owner' });
    const back = await asOwner('PATCH', `/admin/users/${customerId}`, { type: 'customer' });
    expect(back.json().data).toMatchObject({ type: 'customer', staffRole: null });
  });
});
