import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../domain/crypto/secret-token';
import { MAX_USER_AGENT_LENGTH } from '../../domain/sessions/session-store';
import { api, DEMO_PASSWORD, logIn, SAJILO, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SESSION_ENDED_MESSAGE } from './sessions-route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const LAPTOP_BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36';

/** Signs in from a given address and browser, answering the cookie and the raw token. */
async function signInFrom(login: string, remoteAddress: string, userAgent?: string) {
  const response = await api(t, {
    method: 'POST',
    url: '/auth/login',
    host: SAJILO,
    remoteAddress,
    headers: userAgent ? { 'user-agent': userAgent } : {},
    payload: { login, password: DEMO_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  const cookie = sessionCookie(response);
  return { cookie, token: cookie.slice(cookie.indexOf('=') + 1) };
}

const listSessions = async (auth: { cookie?: string; bearer?: string }) => {
  const response = await api(t, { url: '/auth/sessions', ...auth });
  expect(response.statusCode).toBe(200);
  return response.json().data.sessions as {
    id: string;
    createdAt: string;
    lastUsedAt: string;
    ipAddress: string | null;
    userAgent: string | null;
    current: boolean;
  }[];
};

const endSessionById = (id: string, auth: { cookie?: string; bearer?: string }) =>
  api(t, { method: 'DELETE', url: `/auth/sessions/${encodeURIComponent(id)}`, ...auth });

describe('GET /auth/sessions', () => {
  it('needs a signed-in user', async () => {
    expect((await api(t, { url: '/auth/sessions' })).statusCode).toBe(401);
  });

  it("lists the user's own live sessions with address and browser, marking the caller's", async () => {
    const email = 'customer@sajilo.example';
    const laptop = await signInFrom(email, '203.0.113.7', LAPTOP_BROWSER);
    const phone = await logIn(t, email, { session: 'bearer' });
    // Another user's session is not listed.
    await logIn(t, 'individual@sajilo.example');

    const seenFromLaptop = await listSessions({ cookie: laptop.cookie });
    const mine = seenFromLaptop.find((session) => session.current);
    expect(mine).toMatchObject({ ipAddress: '203.0.113.7', userAgent: LAPTOP_BROWSER });
    expect(seenFromLaptop.filter((session) => session.current)).toHaveLength(1);
    expect(Date.parse(mine?.createdAt ?? '')).not.toBeNaN();
    expect(Date.parse(mine?.lastUsedAt ?? '')).not.toBeNaN();

    const seenFromPhone = await listSessions({ bearer: phone.token });
    expect(seenFromPhone.map((session) => session.id).sort()).toEqual(
      seenFromLaptop.map((session) => session.id).sort(),
    );
    const phoneEntry = seenFromPhone.find((session) => session.current);
    expect(phoneEntry?.id).not.toBe(mine?.id);
    // The laptop sees the phone's session, not marked as its own.
    expect(seenFromLaptop.find((session) => session.id === phoneEntry?.id)?.current).toBe(false);

    // The id is neither the token nor the stored hash of it, for any listed session.
    const tokens = [laptop.token, phone.token ?? ''];
    for (const session of seenFromLaptop) {
      for (const token of tokens) {
        expect(session.id).not.toContain(token);
        expect(session.id).not.toBe(hashToken(token));
      }
    }
    expect(JSON.stringify(seenFromLaptop)).not.toContain(hashToken(laptop.token));
  });

  it('keeps a long User-Agent to a sane length', async () => {
    const email = 'agent@sajilo.example';
    const long = await signInFrom(email, '198.51.100.4', `Bot/${'x'.repeat(5000)}`);
    const bare = await signInFrom(email, '198.51.100.5');
    const fromLong = (await listSessions({ cookie: long.cookie })).find((session) => session.current);
    expect(fromLong?.userAgent?.length).toBe(MAX_USER_AGENT_LENGTH);
    expect(fromLong?.userAgent?.startsWith('Bot/xxx')).toBe(true);
    const fromBare = (await listSessions({ cookie: bare.cookie })).find((session) => session.current);
    expect(fromBare?.ipAddress).toBe('198.51.100.5');
  });

  it('does not list sessions that ended', async () => {
    const email = 'individual@sajilo.example';
    const gone = await logIn(t, email);
    const staying = await logIn(t, email);
    const before = await listSessions({ cookie: staying.cookie });
    const goneId = (await listSessions({ cookie: gone.cookie })).find((session) => session.current)?.id;
    expect(before.map((session) => session.id)).toContain(goneId);
    await api(t, { method: 'POST', url: '/auth/logout', cookie: gone.cookie });
    const after = await listSessions({ cookie: staying.cookie });
    expect(after.map((session) => session.id)).not.toContain(goneId);
    expect(after).toHaveLength(before.length - 1);
  });
});

describe('DELETE /auth/sessions/:id', () => {
  it('ends another of the user’s sessions: its next request is signed out, the caller stays in', async () => {
    const email = 'customer@sajilo.example';
    const laptop = await logIn(t, email);
    const phone = await logIn(t, email, { session: 'bearer' });
    const phoneId =
      (await listSessions({ bearer: phone.token })).find((session) => session.current)?.id ?? '';

    const response = await endSessionById(phoneId, { cookie: laptop.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ message: SESSION_ENDED_MESSAGE, current: false });

    expect((await api(t, { url: '/me', bearer: phone.token })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', cookie: laptop.cookie })).statusCode).toBe(200);
    expect((await listSessions({ cookie: laptop.cookie })).map((session) => session.id)).not.toContain(
      phoneId,
    );

    // Ending it again: it is gone.
    expect((await endSessionById(phoneId, { cookie: laptop.cookie })).statusCode).toBe(404);
  });

  it("answers 404 for someone else's session and for an unknown id, and ends nothing", async () => {
    const mine = await logIn(t, 'agent@sajilo.example');
    const theirs = await logIn(t, 'individual@sajilo.example');
    const theirId =
      (await listSessions({ cookie: theirs.cookie })).find((session) => session.current)?.id ?? '';

    const foreign = await endSessionById(theirId, { cookie: mine.cookie });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, data: { code: 'NOT_FOUND' } });
    expect((await api(t, { url: '/me', cookie: theirs.cookie })).statusCode).toBe(200);

    for (const id of ['no-such-session', hashToken(theirs.cookie.split('=')[1] ?? ''), 'x'.repeat(101)]) {
      const response = await endSessionById(id, { cookie: mine.cookie });
      expect(response.statusCode, id).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, id).toBeLessThan(500);
    }
    expect((await api(t, { url: '/me', cookie: theirs.cookie })).statusCode).toBe(200);
  });

  it('needs a signed-in user', async () => {
    expect((await endSessionById('anything', {})).statusCode).toBe(401);
  });

  it('ending the current session signs the caller out and clears the cookie', async () => {
    const { cookie } = await logIn(t, 'agent@sajilo.example');
    const currentId = (await listSessions({ cookie })).find((session) => session.current)?.id ?? '';
    const response = await endSessionById(currentId, { cookie });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.current).toBe(true);
    expect(String(response.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect((await api(t, { url: '/me', cookie })).statusCode).toBe(401);
  });
});
