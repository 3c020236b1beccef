import { desc, eq } from 'drizzle-orm';
import type { StaffRole } from '#shared/staff-roles';
import { emailOutbox } from '../db/schema/index';
import { recipientText } from '../domain/outbox/deliver-email-outbox';
import { api, logIn, logInDemo, SAJILO } from './accounts';
import type { TestApp } from './test-app';

/** A password staff members choose in tests (long, not common, free of their names). */
export const STAFF_PASSWORD = 'Quiet-Harbour-Lantern-57';

/**
 * The token of the latest staff invitation e-mailed to `email`, as the invitee reads it (the
 * outbox holds the link masked).
 */
export async function invitationToken(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.app.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const text = mail ? recipientText(mail, t.app.emailLinksKey) : '';
  const token = /accept-invitation\?token=([\w-]{20,})/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link in ${text}`);
  return token;
}

/**
 * A staff member with `role` in the brand of `host`, made as a person would: the owner's
 * invitation through the console, its acceptance with the e-mailed link, a log-in. Answers the
 * member's session cookie and id.
 */
export async function addStaffMember(
  t: TestApp,
  role: StaffRole,
  options: { host?: string; ownerCookie?: string; email?: string } = {},
): Promise<{ cookie: string; id: string; email: string }> {
  const host = options.host ?? SAJILO;
  const ownerCookie = options.ownerCookie ?? (await logInDemo(t, 'sajilo', 'admin'));
  const email = options.email ?? `${role}-${Math.random().toString(36).slice(2, 8)}@staff.example`;
  const invited = await api(t, {
    method: 'POST',
    url: '/admin/staff/invitations',
    host,
    cookie: ownerCookie,
    payload: { email, role },
  });
  if (invited.statusCode !== 200) throw new Error(`invitation failed: ${invited.body}`);
  const accepted = await api(t, {
    method: 'POST',
    url: '/auth/staff-invitations/accept',
    host,
    payload: {
      token: await invitationToken(t, email),
      firstName: 'Staff',
      lastName: role,
      password: STAFF_PASSWORD,
    },
  });
  if (accepted.statusCode !== 200) throw new Error(`acceptance failed: ${accepted.body}`);
  const { response, cookie } = await logIn(t, email, { host, password: STAFF_PASSWORD });
  return { cookie, id: response.json().data.userToken, email };
}

/** Session cookies of Sajilo's console users, one per role (the demo admin is its owner). */
export async function staffSessionsByRole(t: TestApp): Promise<Record<StaffRole, string>> {
  const ownerCookie = await logInDemo(t, 'sajilo', 'admin');
  const of = async (role: StaffRole) => (await addStaffMember(t, role, { ownerCookie })).cookie;
  return {
    owner: ownerCookie,
    finance: await of('finance'),
    sales: await of('sales'),
    support: await of('support'),
    viewer: await of('viewer'),
  };
}
