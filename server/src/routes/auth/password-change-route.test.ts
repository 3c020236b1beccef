import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRONG_CURRENT_PASSWORD } from '../../domain/accounts/change-password';
import { CONTEXT_PASSWORD_MESSAGE } from '../../domain/accounts/check-new-password';
import { api, DEMO_PASSWORD, logIn, SAJILO, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';
import { PASSWORD_CHANGED_MESSAGE } from './password-change-route';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'kanchenjunga at first light';

const change = (payload: Record<string, unknown>, auth: { cookie?: string; bearer?: string }) =>
  api(t, { method: 'POST', url: '/auth/password', host: SAJILO, payload, ...auth });

describe('POST /auth/password', () => {
  it('needs a signed-in user', async () => {
    const response = await change({ currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD }, {});
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong current password, naming the field, and changes nothing', async () => {
    const email = 'individual@sajilo.example';
    const { cookie } = await logIn(t, email);
    const response = await change({ currentPassword: 'not my password', password: NEW_PASSWORD }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toEqual({ currentPassword: WRONG_CURRENT_PASSWORD });
    await logIn(t, email);
    expect((await api(t, { url: '/me', cookie })).statusCode).toBe(200);
  });

  it('refuses a common or too short new password, naming the field', async () => {
    const { cookie } = await logIn(t, 'individual@sajilo.example');
    for (const password of ['password123', 'short']) {
      const response = await change({ currentPassword: DEMO_PASSWORD, password }, { cookie });
      expect(response.statusCode, password).toBe(400);
      expect(Object.keys(response.json().data.fields), password).toEqual(['password']);
    }
  });

  it('refuses a password built from the site’s or the person’s name, but not a passphrase that contains one', async () => {
    const { cookie } = await logIn(t, 'individual@sajilo.example');
    for (const password of ['Sajilo-2081!', 'Tikat#123456', 'individual.2081']) {
      const response = await change({ currentPassword: DEMO_PASSWORD, password }, { cookie });
      expect(response.statusCode, password).toBe(400);
      expect(response.json().data.fields, password).toEqual({ password: CONTEXT_PASSWORD_MESSAGE });
    }
    const passphrase = await change(
      { currentPassword: DEMO_PASSWORD, password: 'sajilo trip to phewa lakeside' },
      { cookie },
    );
    expect(passphrase.statusCode).toBe(200);
  });

  it('sets the new password, ends every other session and keeps the caller signed in', async () => {
    const email = 'customer@sajilo.example';
    const phone = await logIn(t, email, { session: 'bearer' });
    const laptop = await logIn(t, email);
    const response = await change({ currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD }, laptop);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.message).toBe(PASSWORD_CHANGED_MESSAGE);

    // The other device and the caller's old session are signed out; the new cookie works.
    expect((await api(t, { url: '/me', bearer: phone.token })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', cookie: laptop.cookie })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', cookie: sessionCookie(response) })).statusCode).toBe(200);

    const old = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: email, password: DEMO_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await logIn(t, email, { password: NEW_PASSWORD });
  });

  it('gives a Bearer caller a new token in place of the old one', async () => {
    const email = 'agent@sajilo.example';
    const { token } = await logIn(t, email, { session: 'bearer' });
    const response = await change(
      { currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD },
      { bearer: token },
    );
    expect(response.statusCode).toBe(200);
    const fresh = response.json().data.accessToken as string;
    expect(fresh).toBeTruthy();
    expect((await api(t, { url: '/me', bearer: token })).statusCode).toBe(401);
    expect((await api(t, { url: '/me', bearer: fresh })).statusCode).toBe(200);
  });
});
