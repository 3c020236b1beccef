import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, GLOBALIME, logIn, logInDemo } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SEED_MESSAGE = 'Commission % must range from 0 to 20%.';

/** The seed's call (§7): commission_percent and user-token in the body, Bearer access token. */
async function updateProfile(token: string | undefined, body: Record<string, unknown>) {
  return api(t, {
    method: 'POST',
    url: '/update-user-profile',
    bearer: token,
    headers: { 'content-type': 'application/json' },
    payload: body,
  });
}

describe('POST /api/b2b/v2/update-user-profile (spec §7)', () => {
  it("sets an agent's commission and answers the whole user with data.userToken", async () => {
    const { token, response } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
    const userToken = response.json().data.userToken;
    const update = await updateProfile(token, { commission_percent: '12.5', 'user-token': userToken });
    expect(update.statusCode).toBe(200);
    const body = update.json();
    expect(body.success).toBe(true);
    expect(body.data).toMatchObject({
      userToken,
      firstName: 'Bikash',
      lastName: 'Gurung',
      email: 'agent@sajilo.example',
      phone: '+9779800000002',
      type: 'agent',
      wallet_balance: 5_000_000,
      commission_percent: 12.5,
    });
    const me = await api(t, { url: '/me', bearer: token });
    expect(me.json().data.commission_percent).toBe(12.5);
  });

  it('accepts the bounds 0 and 20 and lets customers and admins set a commission too', async () => {
    for (const [type, value] of [
      ['customer', 0],
      ['admin', 20],
      ['agent', '0'],
    ] as const) {
      const { token } = await logIn(t, `${type}@sajilo.example`, { session: 'bearer' });
      const response = await updateProfile(token, { commission_percent: value });
      expect(response.statusCode, type).toBe(200);
      expect(response.json().data.commission_percent).toBe(Number(value));
    }
  });

  it('rejects a value outside 0–20 or empty with the seed message verbatim in data.error', async () => {
    const { token } = await logIn(t, 'agent@sajilo.example', { session: 'bearer' });
    for (const value of [-1, 20.01, 21, '', '  ', null, 'abc', '5%', true, [5]]) {
      const response = await updateProfile(token, { commission_percent: value });
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        data: {
          error: SEED_MESSAGE,
          code: 'VALIDATION_FAILED',
          fields: { commission_percent: SEED_MESSAGE },
        },
      });
    }
    const missing = await updateProfile(token, {});
    expect(missing.json().data.error).toBe(SEED_MESSAGE);
  });

  it('answers an individual user with 403 and data.error, and leaves the commission alone', async () => {
    const { token } = await logIn(t, 'individual@sajilo.example', { session: 'bearer' });
    const response = await updateProfile(token, { commission_percent: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      success: false,
      data: { error: expect.any(String), code: 'FORBIDDEN' },
    });
    expect((await api(t, { url: '/me', bearer: token })).json().data.commission_percent).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const response = await updateProfile(undefined, { commission_percent: 5 });
    expect(response.statusCode).toBe(401);
    expect(response.json().data.code).toBe('UNAUTHENTICATED');
  });

  it('changes only the signed-in user, whatever user-token is sent', async () => {
    const victim = await logIn(t, 'agent@globalime.example', { host: GLOBALIME, session: 'bearer' });
    const attackerCookie = await logInDemo(t, 'globalime', 'customer');
    const response = await api(t, {
      method: 'POST',
      url: '/update-user-profile',
      host: GLOBALIME,
      cookie: attackerCookie,
      payload: { commission_percent: 19, 'user-token': victim.response.json().data.userToken },
    });
    expect(response.json().data.email).toBe('customer@globalime.example');
    const victimMe = await api(t, { url: '/me', host: GLOBALIME, bearer: victim.token });
    expect(victimMe.json().data.commission_percent).toBe(5);
  });
});
