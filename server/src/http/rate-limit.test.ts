import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO_PASSWORD } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_PER_ACCOUNT: '3',
    RATE_LIMIT_PER_ACCOUNT_ALL_ADDRESSES: '6',
    RATE_LIMIT_PER_IP: '5',
    RATE_LIMIT_WINDOW_SECONDS: '600',
  });
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>, ip: string) =>
  api(t, { method: 'POST', url, payload, remoteAddress: ip });

function expectLimited(response: Awaited<ReturnType<typeof post>>) {
  expect(response.statusCode).toBe(429);
  expect(response.json().data.code).toBe('RATE_LIMITED');
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  // The refusal says when to try again, in minutes a person reads.
  expect(response.json().data.error).toBe(
    `Too many attempts. Please try again in ${Math.ceil(retryAfter / 60)} minute${retryAfter > 60 ? 's' : ''}.`,
  );
}

describe('abuse limits', () => {
  it('throttles an attacker at one address for that account, and never locks the owner out at another', async () => {
    for (let i = 1; i <= 3; i++) {
      const response = await post(
        '/auth/login',
        { login: 'agent@sajilo.example', password: 'wrong one' },
        '10.0.1.1',
      );
      expect(response.statusCode).toBe(401);
    }
    expectLimited(
      await post('/auth/login', { login: 'agent@sajilo.example', password: DEMO_PASSWORD }, '10.0.1.1'),
    );
    const owner = await post(
      '/auth/login',
      { login: 'agent@sajilo.example', password: DEMO_PASSWORD },
      '10.0.1.2',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('stops many addresses with a slower limit per account', async () => {
    // Two attempts each from three addresses: under the per-address limit, at the account's.
    for (let i = 1; i <= 6; i++) {
      const response = await post(
        '/auth/login',
        { login: 'individual@sajilo.example', password: 'wrong one' },
        `10.0.5.${Math.ceil(i / 2)}`,
      );
      expect(response.statusCode).toBe(401);
    }
    expectLimited(
      await post('/auth/login', { login: 'individual@sajilo.example', password: DEMO_PASSWORD }, '10.0.5.9'),
    );
  });

  it('counts an account’s e-mail and mobile number, however written, as one account', async () => {
    // The demo customer of Sajilo: customer@sajilo.example, +977 9800000003.
    for (const login of ['customer@sajilo.example', '9800000003', '+977 9800000003']) {
      expect((await post('/auth/login', { login, password: 'wrong one' }, '10.0.6.1')).statusCode).toBe(401);
    }
    expectLimited(await post('/auth/login', { login: '977-9800000003', password: 'x' }, '10.0.6.1'));
    expectLimited(await post('/auth/login', { login: 'Customer@Sajilo.example', password: 'x' }, '10.0.6.1'));
  });

  it('limits log-in attempts per IP address across accounts', async () => {
    for (let i = 1; i <= 5; i++) {
      const response = await post(
        '/auth/login',
        { login: `user${i}@example.com`, password: 'x' },
        '10.0.2.1',
      );
      expect(response.statusCode).toBe(401);
    }
    expectLimited(await post('/auth/login', { login: 'user6@example.com', password: 'x' }, '10.0.2.1'));
  });

  it('limits sign-up per IP address', async () => {
    const signup = (i: number) =>
      post(
        '/auth/signup',
        {
          firstName: 'A',
          lastName: 'B',
          email: `s${i}@example.com`,
          mobile: `98400000${10 + i}`,
          password: 'long enough pass',
        },
        '10.0.3.1',
      );
    for (let i = 1; i <= 5; i++) expect((await signup(i)).statusCode).toBe(200);
    expectLimited(await signup(6));
  });

  it('limits guest checkout per IP address, as sign-up', async () => {
    const guest = (i: number, ip = '10.0.3.9') =>
      post('/auth/guest', { email: `g${i}@example.com`, mobile: `98410000${10 + i}` }, ip);
    for (let i = 1; i <= 5; i++) expect((await guest(i)).statusCode).toBe(200);
    expectLimited(await guest(6));
    // Another address is not held back.
    expect((await guest(7, '10.0.3.10')).statusCode).toBe(200);
  });

  it('limits password reset requests per account', async () => {
    for (let i = 1; i <= 3; i++) {
      expect(
        (await post('/auth/password-reset', { email: 'customer@sajilo.example' }, '10.0.4.1')).statusCode,
      ).toBe(200);
    }
    expectLimited(await post('/auth/password-reset', { email: 'customer@sajilo.example' }, '10.0.4.1'));
  });

  it('limits customer-token calls per client id', async () => {
    const payload = {
      clientId: 'tkc_unknown',
      clientSecret: 'tks_x',
      customer: { firstName: 'A', lastName: 'B', mobile: '9801111111' },
    };
    for (let i = 1; i <= 3; i++) {
      expect((await post('/clients/customer-token', payload, '10.0.7.1')).statusCode).toBe(401);
    }
    expectLimited(await post('/clients/customer-token', payload, '10.0.7.1'));
  });
});
