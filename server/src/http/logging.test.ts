import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentAction } from '#shared/bookings';
import { emailOutbox } from '../db/schema/index';
import { ESEWA_TEST_SECRET_KEY } from '../env';
import { api, DEMO_PASSWORD, logIn } from '../test/accounts';
import { holdBooking } from '../test/bookings';
import { recipientToken } from '../test/outbox';
import {
  createSandboxTestApp,
  gatewayAction,
  payInSandbox,
  type SandboxTestApp,
} from '../test/payment-sandbox';
import { invitationToken, STAFF_PASSWORD } from '../test/staff';
import { redactUrl } from './logging';

/**
 * Secrets never reach the logs (docs/security.md#logs): every line the server writes at the most verbose
 * level during sign-up, log-in (cookie and bearer), a password reset, a partner sign-in and gateway
 * payments is captured, and none holds a password, token, cookie or gateway secret.
 */
const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const SESSION_SECRET = 'a-session-secret-that-must-never-be-logged-0123456789';
const KHALTI_KEY = 'khalti-live-secret-key-never-logged';
const NEW_PASSWORD = 'Brand-New-Passphrase-2082';

let t: SandboxTestApp;
const secrets: string[] = [];
beforeAll(async () => {
  t = await createSandboxTestApp(
    { LOG_LEVEL: 'trace', SESSION_SECRET, KHALTI_SECRET_KEY: KHALTI_KEY },
    { publicUrl: true, logger: { stream: capture } },
  );
  secrets.push(DEMO_PASSWORD, NEW_PASSWORD, SESSION_SECRET, ESEWA_TEST_SECRET_KEY, KHALTI_KEY);
});
afterAll(() => t.close());

const logText = () => lines.join('');
function expectNoSecretLogged() {
  expect(lines.length).toBeGreaterThan(10);
  const text = logText();
  for (const secret of secrets) expect(text, `the logs hold ${secret.slice(0, 12)}…`).not.toContain(secret);
}

describe('the logs', () => {
  it('hold no password, session cookie or bearer token from sign-up, log-in and signed-in calls', async () => {
    const signup = await api(t, {
      method: 'POST',
      url: '/auth/signup',
      payload: {
        firstName: 'Log',
        lastName: 'Watcher',
        email: 'log.watcher@example.com',
        mobile: '9841000077',
        password: NEW_PASSWORD,
      },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const { cookie } = await logIn(t, 'customer@sajilo.example');
    const { token } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
    secrets.push(cookie.split('=')[1] ?? '', token ?? '');
    await api(t, { method: 'GET', url: '/me', cookie });
    await api(t, { method: 'GET', url: '/me', bearer: token });
    await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'customer@sajilo.example', password: `${DEMO_PASSWORD}x` },
    });
    expect(logText()).toContain('"url":"/api/b2b/v2/auth/login"');
    expectNoSecretLogged();
  });

  it('record sign-ins, sign-outs and refused sign-ins with the user and the code, never the input', async () => {
    const from = lines.length;
    const refused = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'agent@sajilo.example', password: 'not-the-password-0' },
    });
    expect(refused.statusCode).toBe(401);
    const { cookie } = await logIn(t, 'agent@sajilo.example');
    await api(t, { method: 'POST', url: '/auth/logout', cookie });
    const events = lines
      .slice(from)
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => ['refused', 'session started', 'session ended'].includes(String(line.msg)));
    expect(events.map((e) => [e.msg, e.code ?? e.transport ?? null])).toEqual([
      ['refused', 'INVALID_CREDENTIALS'],
      ['session started', 'cookie'],
      ['session ended', null],
    ]);
    expect(events[0]?.level).toBe(40);
    expect(events[1]?.userId).toBe(events[2]?.userId);
    expect(lines.slice(from).join('')).not.toContain('not-the-password-0');
  });

  it('hold no reset token, partner secret or customer token', async () => {
    await api(t, {
      method: 'POST',
      url: '/auth/password-reset',
      payload: { email: 'individual@sajilo.example' },
    });
    const [mail] = await t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'individual@sajilo.example'));
    const resetToken = recipientToken(t, mail);
    expect(resetToken.length).toBeGreaterThan(16);
    secrets.push(resetToken);
    await api(t, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { token: resetToken, password: 'short' },
    });

    const admin = await logIn(t, 'admin@sajilo.example');
    const partner = (
      await api(t, {
        method: 'POST',
        url: '/admin/partner-apps',
        cookie: admin.cookie,
        payload: { name: 'Log bank' },
      })
    ).json().data;
    secrets.push(partner.clientSecret, admin.cookie.split('=')[1] ?? '');
    const exchange = await api(t, {
      method: 'POST',
      url: '/clients/customer-token',
      payload: {
        clientId: partner.clientId,
        clientSecret: partner.clientSecret,
        customer: { firstName: 'Log', lastName: 'Partner', mobile: '9851234599' },
      },
    });
    const customerToken = exchange.json().data.clientCustomerToken as string;
    secrets.push(customerToken);
    // The partner app opens the site with the token in the address (spec §7).
    const handOff = Buffer.from(JSON.stringify({ clientCustomerToken: customerToken })).toString('base64');
    await t.app.inject({
      method: 'GET',
      url: `/?data=${encodeURIComponent(handOff)}&skip=1`,
      headers: { host: 'localhost' },
    });
    secrets.push(handOff.slice(0, 40));
    await api(t, {
      method: 'POST',
      url: '/clients/profile',
      payload: { clientCustomerToken: customerToken },
    });
    expect(logText()).toContain('data=[redacted]');
    expectNoSecretLogged();
  });

  it('hold no staff invitation token: not from the invitation, the page it opens, the preview or the acceptance', async () => {
    const { cookie } = await logIn(t, 'admin@sajilo.example');
    const email = 'log.staff@staff.example';
    const invited = await api(t, {
      method: 'POST',
      url: '/admin/staff/invitations',
      cookie,
      payload: { email, role: 'finance' },
    });
    expect(invited.statusCode).toBe(200);
    const token = await invitationToken(t, email);
    secrets.push(token, STAFF_PASSWORD);
    await t.app.inject({
      method: 'GET',
      url: `/auth/accept-invitation?token=${token}`,
      headers: { host: 'localhost' },
    });
    await api(t, { method: 'POST', url: '/auth/staff-invitations/preview', payload: { token } });
    const accepted = await api(t, {
      method: 'POST',
      url: '/auth/staff-invitations/accept',
      payload: { token, firstName: 'Log', lastName: 'Staff', password: STAFF_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);
    await api(t, {
      method: 'POST',
      url: '/auth/staff-invitations/accept',
      payload: { token, firstName: 'A', lastName: 'B', password: STAFF_PASSWORD },
    });
    expect(logText()).toContain('token=[redacted]');
    expectNoSecretLogged();
  });

  it('hold no gateway secret through eSewa and Khalti payments and their returns', async () => {
    const { cookie } = await logIn(t, 'customer@sajilo.example');
    for (const method of ['esewa', 'khalti'] as const) {
      const held = await holdBooking(t, cookie, { days: method === 'esewa' ? 20 : 21 });
      const action = (
        await api(t, { method: 'POST', url: `/bookings/${held.pnr}/payments`, cookie, payload: { method } })
      ).json().data as PaymentAction;
      const returned = await payInSandbox(gatewayAction(action), 'pay');
      const landed = await t.app.inject({
        method: 'GET',
        url: `${returned.pathname}${returned.search}`,
        headers: { host: 'localhost' },
      });
      expect(landed.headers.location).toContain('payment=success');
    }
    expectNoSecretLogged();
  });

  it('carry the request id the caller sent (x-request-id) on every line of that request', async () => {
    const response = await api(t, {
      method: 'GET',
      url: '/countries',
      headers: { 'x-request-id': 'trace-42.a' },
    });
    expect(response.headers['x-request-id']).toBe('trace-42.a');
    const requestLines = lines.filter((line) => line.includes('trace-42.a'));
    expect(requestLines.length).toBeGreaterThanOrEqual(2);
    for (const line of requestLines) expect(JSON.parse(line).reqId).toBe('trace-42.a');
  });

  it('redact credentials in any logged object, and secret query values in logged addresses', () => {
    t.app.log.info(
      {
        req: { headers: { authorization: 'Bearer leaked-bearer', cookie: 'tikat_session=leaked-cookie' } },
        res: { headers: { 'set-cookie': 'tikat_session=leaked-set-cookie' } },
        body: { password: 'leaked-password', clientSecret: 'leaked-client-secret', token: 'leaked-token' },
      },
      'a careless log line',
    );
    const line = lines.find((l) => l.includes('a careless log line')) ?? '';
    expect(line).toContain('[redacted]');
    expect(line).not.toMatch(/leaked-/);
    expect(redactUrl('/?data=abc&skip=1')).toBe('/?data=[redacted]&skip=1');
    expect(redactUrl('/reset-password?token=abc')).toBe('/reset-password?token=[redacted]');
    expect(redactUrl('/flights?from=KTM')).toBe('/flights?from=KTM');
  });
});
