import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { adminSessions, asAdmin, GLOBALIME, SAJILO } from '../test/admin';
import { createTestApp, type TestApp } from '../test/test-app';
import { paymentConfigFromEnv } from './config';
import { gatewayModes, siteMode } from './payments-mode';

const LIVE = {
  ESEWA_BASE_URL: 'https://epay.esewa.com.np',
  ESEWA_PRODUCT_CODE: 'SAJILO_EPAY',
  ESEWA_SECRET_KEY: 'a-real-merchant-secret',
  KHALTI_BASE_URL: 'https://khalti.com',
  KHALTI_SECRET_KEY: 'live_secret_key_0123456789abcdef',
};
const configOf = (source: Record<string, string>) => paymentConfigFromEnv(loadEnv(source));

describe('gateway modes', () => {
  it('are test on the sandboxes, on a test host, with a public test merchant, or for a test account', () => {
    expect(gatewayModes(configOf({}))).toEqual({ esewa: 'test', khalti: 'test', connectips: 'test' });
    const live = configOf(LIVE);
    expect(gatewayModes(live)).toMatchObject({ esewa: 'live', khalti: 'live' });
    expect(gatewayModes(live, { esewa: 'test', khalti: 'production' })).toMatchObject({
      esewa: 'test',
      khalti: 'live',
    });
    expect(gatewayModes(configOf({ ...LIVE, KHALTI_BASE_URL: 'https://dev.khalti.com' })).khalti).toBe(
      'test',
    );
    expect(gatewayModes(configOf({ ...LIVE, ESEWA_PRODUCT_CODE: 'EPAYTEST' })).esewa).toBe('test');
  });

  it('make a site test while the sandboxes are served or a gateway it can pay through is test', () => {
    const modes = (config: ReturnType<typeof configOf>) => ({ config, modes: gatewayModes(config) });
    expect(siteMode(modes(configOf(LIVE)), true)).toBe('test');
    expect(siteMode(modes(configOf(LIVE)), false)).toBe('live');
    // Sandboxes that are not served take no payment: nothing to warn about.
    expect(siteMode(modes(configOf({})), false)).toBe('live');
    expect(siteMode(modes(configOf({ ...LIVE, KHALTI_BASE_URL: 'https://a.khalti.com' })), false)).toBe(
      'test',
    );
  });
});

describe('GET /site-config paymentsMode', () => {
  const modeOf = async (t: TestApp, host = SAJILO) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/b2b/v2/site-config', headers: { host } });
    expect(response.statusCode).toBe(200);
    return response.json().data.paymentsMode;
  };

  it('is test with the sandboxes (the demo)', async () => {
    const t = await createTestApp();
    try {
      expect(await modeOf(t)).toBe('test');
    } finally {
      await t.close();
    }
  });

  describe('on a live deployment', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ ...LIVE, PAYMENT_SANDBOX: 'false' });
    });
    afterAll(() => t.close());

    it("is live, and test for a brand whose own account is in the gateway's test environment", async () => {
      expect(await modeOf(t)).toBe('live');
      const { sajiloAdmin } = await adminSessions(t);
      const saved = await asAdmin(t, sajiloAdmin, 'PUT', '/admin/payment-credentials/khalti', {
        environment: 'test',
        settings: {},
        secrets: { secretKey: 'live_secret_key_from_the_test_dashboard' },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await modeOf(t, SAJILO)).toBe('test');
      expect(await modeOf(t, GLOBALIME)).toBe('live');
    });
  });
});

describe('start-up in production', () => {
  const warningsOf = async (overrides: Record<string, string>) => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp(
      { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LOG_LEVEL: 'info', ...overrides },
      { logger: { stream } },
    );
    await t.close();
    return lines
      .flatMap((line) => line.split('\n'))
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level >= 40);
  };

  it('warns loudly that the sandboxes take the payments', async () => {
    const warnings = await warningsOf({ PAYMENT_SANDBOX: 'true' });
    expect(warnings.map((entry) => entry.msg)).toContain(
      'TEST PAYMENTS: gateway sandboxes are on in production; no real money moves',
    );
  });

  it('says nothing of test payments without the sandboxes', async () => {
    const warnings = await warningsOf(LIVE);
    expect(warnings.map((entry) => entry.msg).join('\n')).not.toContain('TEST PAYMENTS');
  });
});
