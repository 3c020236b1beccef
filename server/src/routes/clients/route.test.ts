import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, GLOBALIME, logInDemo, SAJILO, sessionCookie } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let partner: { clientId: string; clientSecret: string };
beforeAll(async () => {
  t = await createTestApp();
  const admin = await logInDemo(t, 'globalime', 'admin');
  const registered = await api(t, {
    method: 'POST',
    url: '/partner-apps',
    host: GLOBALIME,
    cookie: admin,
    payload: { name: 'Global IME mobile banking' },
  });
  partner = registered.json().data;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const customer = {
  firstName: 'Hari',
  lastName: 'Thapa',
  email: 'hari.thapa@example.com',
  mobile: '9851234567',
};

function customerToken(body: Record<string, unknown> = {}, host = GLOBALIME) {
  return api(t, {
    method: 'POST',
    url: '/clients/customer-token',
    host,
    payload: { ...partner, customer, ...body },
  });
}

/** The seed's call (§7): clientCustomerToken in a JSON body. */
function clientProfile(clientCustomerToken: string, host = GLOBALIME) {
  return api(t, {
    method: 'POST',
    url: '/clients/profile',
    host,
    headers: { 'content-type': 'application/json' },
    payload: { clientCustomerToken },
  });
}

describe('partner app registration', () => {
  it('shows the secret once, to admins only', async () => {
    expect(partner.clientId).toMatch(/^tkc_/);
    expect(partner.clientSecret).toMatch(/^tks_/);
    const admin = await logInDemo(t, 'globalime', 'admin');
    const list = await api(t, { url: '/partner-apps', host: GLOBALIME, cookie: admin });
    expect(list.json().data).toEqual([
      expect.objectContaining({ clientId: partner.clientId, revoked: false }),
    ]);
    expect(JSON.stringify(list.json())).not.toContain(partner.clientSecret);
    expect(JSON.stringify(list.json())).not.toMatch(/secret/i);
  });

  it('refuses agents (403), anonymous callers (401) and other brands’ admins', async () => {
    const agent = await logInDemo(t, 'globalime', 'agent');
    const payload = { name: 'Rogue' };
    expect(
      (await api(t, { method: 'POST', url: '/partner-apps', host: GLOBALIME, cookie: agent, payload }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(t, { method: 'POST', url: '/partner-apps', host: GLOBALIME, payload })).statusCode,
    ).toBe(401);
    const otherAdmin = await logInDemo(t, 'sajilo', 'admin');
    const list = await api(t, { url: '/partner-apps', host: SAJILO, cookie: otherAdmin });
    expect(list.json().data).toEqual([]);
  });
});

describe('app-SDK sign-in: customer-token → clients/profile', () => {
  it('exchanges the token for the customer details and a session cookie', async () => {
    const issued = await customerToken();
    expect(issued.statusCode).toBe(200);
    const { clientCustomerToken, expiresIn } = issued.json().data;
    expect(clientCustomerToken).toMatch(/^tkt_/);
    expect(expiresIn).toBe(120);

    const profile = await clientProfile(clientCustomerToken);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().success).toBe(true);
    expect(profile.json().data.clientCustomerDetails).toEqual({
      firstName: 'Hari',
      lastName: 'Thapa',
      email: 'hari.thapa@example.com',
      mobile: '+9779851234567',
      type: 'customer',
    });
    const me = await api(t, { url: '/me', host: GLOBALIME, cookie: sessionCookie(profile) });
    expect(me.json().data).toMatchObject({ email: 'hari.thapa@example.com', brand: 'globalime' });
  });

  it('refuses a replayed token with success false', async () => {
    const { clientCustomerToken } = (await customerToken()).json().data;
    expect((await clientProfile(clientCustomerToken)).statusCode).toBe(200);
    const replay = await clientProfile(clientCustomerToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ success: false, data: { code: 'INVALID_CUSTOMER_TOKEN' } });
    expect(replay.headers['set-cookie']).toBeUndefined();
  });

  it('refuses an expired token', async () => {
    const { clientCustomerToken } = (await customerToken()).json().data;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 121_000);
    const response = await clientProfile(clientCustomerToken);
    expect(response.json().success).toBe(false);
  });

  it("refuses a token on another brand's host, and an unknown token", async () => {
    const { clientCustomerToken } = (await customerToken()).json().data;
    expect((await clientProfile(clientCustomerToken, SAJILO)).json().success).toBe(false);
    expect((await clientProfile('tkt_made-up')).json().success).toBe(false);
    expect((await clientProfile(clientCustomerToken)).json().success).toBe(true);
  });

  it('signs the same customer in again as the same user', async () => {
    const first = await clientProfile((await customerToken()).json().data.clientCustomerToken);
    const second = await clientProfile(
      (await customerToken({ customer: { ...customer, firstName: 'Harihar' } })).json().data
        .clientCustomerToken,
    );
    expect(second.json().data.user.userToken).toBe(first.json().data.user.userToken);
    expect(second.json().data.clientCustomerDetails.firstName).toBe('Harihar');
  });

  it('refuses wrong credentials, and credentials used on another brand', async () => {
    const wrong = await customerToken({ clientSecret: 'tks_wrong' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().data.code).toBe('INVALID_CLIENT_CREDENTIALS');
    expect((await customerToken({}, SAJILO)).statusCode).toBe(401);
  });

  it('never signs in an account the partner did not create', async () => {
    const response = await customerToken({
      customer: { firstName: 'Anita', lastName: 'Shrestha', email: 'admin@globalime.example' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().data).toMatchObject({
      code: 'EMAIL_TAKEN',
      fields: { email: expect.any(String) },
    });
  });

  it('answers bad customer details with 400 naming the field', async () => {
    const response = await customerToken({ customer: { ...customer, mobile: '12345' } });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().data.fields)).toEqual(['customer.mobile']);
    const noContact = await customerToken({ customer: { firstName: 'A', lastName: 'B' } });
    expect(noContact.statusCode).toBe(400);
  });
});
