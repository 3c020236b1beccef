import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from '../../db/schema/index';
import { API, api, GLOBALIME, logIn, SAJILO, sessionCookie } from '../../test/accounts';
import { recipientToken } from '../../test/outbox';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SESSION_IDLE_MINUTES: '60', SESSION_ABSOLUTE_HOURS: '2' });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const PASSWORD = 'monsoon rain over phewa';

const signUp = (payload: Record<string, unknown>, host = SAJILO) =>
  api(t, {
    method: 'POST',
    url: '/auth/signup',
    host,
    payload: {
      firstName: 'Maya',
      lastName: 'Rai',
      email: 'maya@example.com',
      mobile: '+977 9812345678',
      password: PASSWORD,
      ...payload,
    },
  });

describe('sign-up → log-in → me → commission → log-out', () => {
  it('walks the whole journey with a session cookie', async () => {
    const signup = await signUp({});
    expect(signup.statusCode).toBe(200);
    expect(signup.json().data).toMatchObject({
      firstName: 'Maya',
      email: 'maya@example.com',
      mobile: '+9779812345678',
      type: 'customer',
      wallet_balance: 0,
      commission_percent: 0,
    });
    expect(JSON.stringify(signup.json())).not.toMatch(/argon2|password/i);
    const setCookie = String(signup.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);

    const { cookie } = await logIn(t, '9812345678', { password: PASSWORD });
    const me = await api(t, { url: '/me', cookie });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ name: 'Maya Rai', email: 'maya@example.com', brand: 'sajilo' });

    const update = await api(t, {
      method: 'POST',
      url: '/update-user-profile',
      cookie,
      headers: { origin: 'http://localhost' },
      payload: { commission_percent: 7.5 },
    });
    expect(update.statusCode).toBe(200);
    expect((await api(t, { url: '/me', cookie })).json().data.commission_percent).toBe(7.5);

    const logout = await api(t, { method: 'POST', url: '/auth/logout', cookie });
    expect(logout.json()).toEqual({ success: true, data: { message: 'Logged out successfully' } });
    expect(String(logout.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await api(t, { url: '/me', cookie })).statusCode).toBe(401);
  });

  it('replaces the browser session when someone signs in again', async () => {
    const first = (await logIn(t, 'customer@sajilo.example')).cookie;
    const second = await api(t, {
      method: 'POST',
      url: '/auth/login',
      cookie: first,
      payload: { login: 'agent@sajilo.example', password: 'Himalaya-Demo-2081' },
    });
    expect((await api(t, { url: '/me', cookie: first })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', cookie: sessionCookie(second) })).json().data.type).toBe('agent');
  });

  it('gives API clients the same kind of session as a Bearer token', async () => {
    const { token, response } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
    expect(token).toBeTypeOf('string');
    expect(response.headers['set-cookie']).toBeUndefined();
    const me = await api(t, { url: '/me', bearer: token });
    expect(me.json().data).toMatchObject({ type: 'agent', wallet_balance: 5_000_000, commission_percent: 5 });
    await api(t, { method: 'POST', url: '/auth/logout', bearer: token });
    expect((await api(t, { url: '/me', bearer: token })).statusCode).toBe(401);
  });

  it('accepts the cookie value itself as a Bearer token', async () => {
    const { cookie } = await logIn(t, 'customer@sajilo.example');
    const me = await api(t, { url: '/me', bearer: cookie.split('=')[1] });
    expect(me.json().data.type).toBe('customer');
  });

  it('marks the cookie Secure (and __Host-) when the site is served over HTTPS', async () => {
    const https = await createTestApp({ PUBLIC_URL: 'https://tickets.example.com' });
    try {
      const response = await https.app.inject({
        method: 'POST',
        url: `${API}/auth/login`,
        headers: { host: SAJILO },
        payload: { login: 'customer@sajilo.example', password: 'Himalaya-Demo-2081' },
      });
      expect(sessionCookie(response)).toMatch(/^__Host-tikat_session=/);
      expect(String(response.headers['set-cookie'])).toMatch(/Secure/);
    } finally {
      await https.close();
    }
  });
});

describe('bad input', () => {
  it('answers a duplicate e-mail or mobile in the same brand with 409 naming the field', async () => {
    await signUp({ email: 'dup@example.com', mobile: '9841000001' });
    const email = await signUp({ email: 'DUP@example.com', mobile: '9841000002' });
    expect(email.statusCode).toBe(409);
    expect(email.json().data).toMatchObject({ code: 'EMAIL_TAKEN', fields: { email: expect.any(String) } });
    const mobile = await signUp({ email: 'other@example.com', mobile: '+977-9841000001' });
    expect(mobile.statusCode).toBe(409);
    expect(mobile.json().data).toMatchObject({
      code: 'MOBILE_TAKEN',
      fields: { mobile: expect.any(String) },
    });
  });

  it('lets the same e-mail sign up on another brand', async () => {
    const other = await signUp({ email: 'dup@example.com', mobile: '9841000001' }, GLOBALIME);
    expect(other.statusCode).toBe(200);
    expect(other.json().data.brand).toBe('globalime');
  });

  it('answers malformed e-mail or mobile, short or common passwords with 400 naming the field', async () => {
    for (const [payload, field] of [
      [{ email: 'not-an-email' }, 'email'],
      [{ mobile: '12345' }, 'mobile'],
      [{ mobile: '+91 9812345678' }, 'mobile'],
      [{ password: 'short' }, 'password'],
      [{ password: 'password123' }, 'password'],
      [{ password: 'Iloveyou1' }, 'password'],
      [{ firstName: '' }, 'firstName'],
    ] as [Record<string, string>, string][]) {
      const response = await signUp({ email: 'new@example.com', mobile: '9861111111', ...payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().data.fields), JSON.stringify(payload)).toEqual([field]);
    }
  });

  it('answers a wrong password and an unknown account with one message', async () => {
    const wrong = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'agent@sajilo.example', password: 'not the password' },
    });
    const unknown = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'nobody@sajilo.example', password: 'not the password' },
    });
    const nonsense = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'neither mail nor mobile', password: 'x' },
    });
    for (const response of [wrong, unknown, nonsense]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().data).toEqual({
        code: 'INVALID_CREDENTIALS',
        error: 'The e-mail, mobile number or password is incorrect.',
      });
    }
  });

  it('refuses sign-up with 403 where the brand has no self-service login', async () => {
    const { brands } = await import('../../db/schema/index');
    const [row] = await t.database.db.select().from(brands).where(eq(brands.slug, 'globalime'));
    await t.database.db
      .update(brands)
      .set({ siteConfig: { ...row?.siteConfig, selfLogin: false } })
      .where(eq(brands.slug, 'globalime'));
    t.app.brands.invalidate();
    try {
      const response = await signUp({ email: 'closed@example.com', mobile: '9807777777' }, GLOBALIME);
      expect(response.statusCode).toBe(403);
      expect(response.json().data.code).toBe('SIGNUP_DISABLED');
    } finally {
      await t.database.db
        .update(brands)
        .set({ siteConfig: row?.siteConfig })
        .where(eq(brands.slug, 'globalime'));
      t.app.brands.invalidate();
    }
  });
});

describe('brand isolation', () => {
  it("answers 401 to a session of one brand used on another brand's host", async () => {
    const { token, cookie } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' }).then(
      async (b) => ({
        token: b.token,
        cookie: (await logIn(t, 'agent@sajilo.example')).cookie,
      }),
    );
    expect((await api(t, { url: '/me', host: GLOBALIME, bearer: token })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', host: GLOBALIME, cookie })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', host: SAJILO, bearer: token })).statusCode).toBe(200);
  });

  it("does not log a user in on another brand's site", async () => {
    const response = await api(t, {
      method: 'POST',
      url: '/auth/login',
      host: GLOBALIME,
      payload: { login: 'agent@sajilo.example', password: 'Himalaya-Demo-2081' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('cross-site request protection', () => {
  it('refuses cookie-authenticated writes another site started', async () => {
    const { cookie } = await logIn(t, 'agent@sajilo.example');
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ]) {
      const response = await api(t, {
        method: 'POST',
        url: '/update-user-profile',
        cookie,
        headers,
        payload: { commission_percent: 20 },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json().data.code).toBe('CROSS_SITE_REQUEST');
    }
    const me = await api(t, { url: '/me', cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(me.json().data.commission_percent).toBe(5);
  });

  it('accepts same-origin writes and Bearer writes from anywhere', async () => {
    const { cookie } = await logIn(t, 'agent@globalime.example', { host: GLOBALIME });
    const sameOrigin = await api(t, {
      method: 'POST',
      url: '/update-user-profile',
      host: GLOBALIME,
      cookie,
      headers: { 'sec-fetch-site': 'same-origin', origin: 'http://globalime.localhost' },
      payload: { commission_percent: 6 },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const { token } = await logIn(t, 'agent@globalime.example', { host: GLOBALIME, session: 'bearer' });
    const bearer = await api(t, {
      method: 'POST',
      url: '/update-user-profile',
      host: GLOBALIME,
      bearer: token,
      headers: { 'sec-fetch-site': 'cross-site', origin: 'https://partner.example' },
      payload: { commission_percent: 4 },
    });
    expect(bearer.statusCode).toBe(200);
  });

  it('refuses a cross-site log-in form (login CSRF)', async () => {
    const response = await api(t, {
      method: 'POST',
      url: '/auth/login',
      headers: { 'sec-fetch-site': 'cross-site' },
      payload: { login: 'agent@sajilo.example', password: 'Himalaya-Demo-2081' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('session time-outs', () => {
  it('ends a session left unused longer than the idle time-out', async () => {
    const { cookie } = await logIn(t, 'customer@sajilo.example');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 59 * 60_000);
    expect((await api(t, { url: '/me', cookie })).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 61 * 60_000);
    expect((await api(t, { url: '/me', cookie })).statusCode).toBe(401);
  });

  it('ends a session at the absolute time-out however much it is used', async () => {
    const { cookie } = await logIn(t, 'customer@sajilo.example');
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let minutes = 50; minutes <= 100; minutes += 50) {
      vi.setSystemTime(Date.now() + 50 * 60_000);
      expect((await api(t, { url: '/me', cookie })).statusCode, `${minutes} min`).toBe(200);
    }
    vi.setSystemTime(Date.now() + 50 * 60_000);
    expect((await api(t, { url: '/me', cookie })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  async function lastResetToken(to: string): Promise<string> {
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
    return recipientToken(t, mails.at(-1));
  }

  it('e-mails a single-use link that sets a new password and ends old sessions', async () => {
    const email = 'customer@globalime.example';
    const { cookie } = await logIn(t, email, { host: GLOBALIME });
    const request = await api(t, {
      method: 'POST',
      url: '/auth/password-reset',
      host: GLOBALIME,
      payload: { email },
    });
    expect(request.statusCode).toBe(200);
    const token = await lastResetToken(email);
    const [mail] = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(mail?.text).toContain('http://globalime.localhost');
    expect(mail?.subject).toBe('Reset your Global IME password');

    const confirm = () =>
      api(t, {
        method: 'POST',
        url: '/auth/password-reset/confirm',
        host: GLOBALIME,
        payload: { token, password: 'a new long passphrase' },
      });
    expect((await confirm()).statusCode).toBe(200);
    expect((await api(t, { url: '/me', host: GLOBALIME, cookie })).statusCode).toBe(401);
    await logIn(t, email, { host: GLOBALIME, password: 'a new long passphrase' });
    const replay = await confirm();
    expect(replay.statusCode).toBe(400);
    expect(replay.json().data.code).toBe('INVALID_RESET_TOKEN');
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await api(t, {
      method: 'POST',
      url: '/auth/password-reset',
      payload: { email: 'ghost@example.com' },
    });
    expect(response.statusCode).toBe(200);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'ghost@example.com'));
    expect(mails).toHaveLength(0);
  });

  it('refuses an expired link', async () => {
    const email = 'individual@sajilo.example';
    await api(t, { method: 'POST', url: '/auth/password-reset', payload: { email } });
    const token = await lastResetToken(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31 * 60_000);
    const response = await api(t, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { token, password: 'another long passphrase' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('refuses a common password as the new one', async () => {
    const response = await api(t, {
      method: 'POST',
      url: '/auth/password-reset/confirm',
      payload: { token: 'x'.repeat(43), password: 'qwertyuiop' },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.fields)).toEqual(['password']);
  });
});
