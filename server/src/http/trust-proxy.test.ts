import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { api } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

describe('TRUST_PROXY', () => {
  it('reads false, true, a number of proxies or their addresses, and refuses anything else', () => {
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toBe('10.0.0.0/8, 127.0.0.1');
    expect(() => loadEnv({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  describe('with one proxy in front (TRUST_PROXY=1)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMIT_PER_IP: '3', RATE_LIMIT_WINDOW_SECONDS: '600' });
    });
    afterAll(() => t.close());

    /** A failed log-in through a proxy that appends the client's address to the forged header. */
    const logInVia = (forged: string, client: string) =>
      api(t, {
        method: 'POST',
        url: '/auth/login',
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${forged}, ${client}` },
        payload: { login: `nobody${forged}@example.com`, password: 'not the password at all' },
      });

    it('takes the address the proxy saw, so a forged X-Forwarded-For does not escape the per-IP limit', async () => {
      for (const forged of ['1.1.1.1', '2.2.2.2', '3.3.3.3']) {
        expect((await logInVia(forged, '203.0.113.7')).statusCode).toBe(401);
      }
      const fourth = await logInVia('4.4.4.4', '203.0.113.7');
      expect(fourth.statusCode).toBe(429);
      // Another real client behind the same proxy is counted apart.
      expect((await logInVia('1.1.1.1', '198.51.100.9')).statusCode).toBe(401);
    });
  });
});
