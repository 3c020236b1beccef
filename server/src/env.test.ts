import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';
import { configuredSmsProvider } from './sms/configured-sms-provider';
import { REPOSITORY_ROOT } from './test/server-process';

describe('loadEnv', () => {
  it('gives working defaults for a fresh machine', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data/pglite',
      DEMO_DATA: true,
      DEFAULT_BRAND: 'sajilo',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBe('http://localhost:3000');
  });

  it('lists every problem at once, naming each variable', () => {
    let error: unknown;
    try {
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_DATA: 'maybe', SESSION_SECRET: 'short' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'DEMO_DATA', 'SESSION_SECRET'])
      expect(problems).toContain(name);
  });

  it('refuses the development session secret in production', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(/SESSION_SECRET: must be set in production/);
    expect(loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).NODE_ENV).toBe('production');
  });

  it('reads booleans the way people write them and treats empty values as unset', () => {
    expect(loadEnv({ DEMO_DATA: 'off' }).DEMO_DATA).toBe(false);
    // In production the demo accounts' published password would open the platform: off unless asked.
    expect(loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).DEMO_DATA).toBe(false);
    expect(
      loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DEMO_DATA: 'true' }).DEMO_DATA,
    ).toBe(true);
    expect(loadEnv({ DEMO_DATA: '1' }).DEMO_DATA).toBe(true);
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('payment gateway settings', () => {
  it('defaults to the sandboxes, switched off in production', () => {
    expect(loadEnv({}).PAYMENT_SANDBOX).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) }).PAYMENT_SANDBOX).toBe(false);
    expect(loadEnv({}).ESEWA_PRODUCT_CODE).toBe('EPAYTEST');
  });

  it('asks for the credentials of a real gateway and checks the ConnectIPS key', () => {
    let problems = '';
    try {
      loadEnv({
        KHALTI_BASE_URL: 'https://dev.khalti.com',
        CONNECTIPS_BASE_URL: 'https://uat.connectips.com',
        CONNECTIPS_PRIVATE_KEY_PEM: 'not a key',
      });
    } catch (error) {
      problems = (error as ConfigError).problems.join('\n');
    }
    for (const name of ['KHALTI_SECRET_KEY', 'CONNECTIPS_MERCHANT_ID', 'CONNECTIPS_PASSWORD']) {
      expect(problems).toContain(`${name}: must be set with`);
    }
    expect(problems).toContain('CONNECTIPS_PRIVATE_KEY_PEM: must be an RSA private key');
  });
});

describe('test payments in production', () => {
  const production = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40) };
  const problemsOf = (source: Record<string, string>) => {
    try {
      loadEnv(source);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems.join('\n');
      throw error;
    }
    return '';
  };

  it("refuses to start on a gateway's public test host or key, naming each variable", () => {
    const problems = problemsOf({
      ...production,
      ESEWA_BASE_URL: 'https://rc-epay.esewa.com.np',
      ESEWA_STATUS_BASE_URL: 'https://rc.esewa.com.np',
      ESEWA_PRODUCT_CODE: 'EPAYTEST',
      ESEWA_SECRET_KEY: '8gBm/:&EnhH.1/q',
      KHALTI_BASE_URL: 'https://dev.khalti.com',
      KHALTI_SECRET_KEY: 'test_secret_key_f59e8b7d18b4499ca40f68195a846e9b',
      KHALTI_PRODUCTION_BASE_URL: 'https://a.khalti.com',
      CONNECTIPS_PRODUCTION_BASE_URL: 'https://uat.connectips.com',
    });
    for (const name of [
      'ESEWA_BASE_URL',
      'ESEWA_STATUS_BASE_URL',
      'KHALTI_BASE_URL',
      'KHALTI_PRODUCTION_BASE_URL',
      'CONNECTIPS_PRODUCTION_BASE_URL',
    ])
      expect(problems).toContain(`${name}: is `);
    expect(problems).toContain("ESEWA_PRODUCT_CODE: is eSewa's public test merchant in production");
    expect(problems).toContain("ESEWA_SECRET_KEY: is eSewa's public test secret in production");
    expect(problems).toContain('KHALTI_SECRET_KEY: is a Khalti test key in production');
    expect(problems).toContain('no real money would move');
  });

  it("asks for eSewa's merchant with a production host instead of defaulting to the test merchant", () => {
    const problems = problemsOf({ ...production, ESEWA_BASE_URL: 'https://epay.esewa.com.np' });
    expect(problems).toContain('ESEWA_PRODUCT_CODE: must be set with ESEWA_BASE_URL in production');
    expect(problems).toContain('ESEWA_SECRET_KEY: must be set with ESEWA_BASE_URL in production');
  });

  it('starts with live settings, with no gateway configured, or with the sandboxes on', () => {
    const live = loadEnv({
      ...production,
      ESEWA_BASE_URL: 'https://epay.esewa.com.np',
      ESEWA_PRODUCT_CODE: 'SAJILO_EPAY',
      ESEWA_SECRET_KEY: 'a-real-merchant-secret',
      KHALTI_BASE_URL: 'https://khalti.com',
      KHALTI_SECRET_KEY: 'live_secret_key_0123456789abcdef',
      // A brand's test account may still use the test host: its site then says it takes test payments.
      KHALTI_TEST_BASE_URL: 'https://dev.khalti.com',
    });
    expect(live.ESEWA_PRODUCT_CODE).toBe('SAJILO_EPAY');
    expect(loadEnv(production).ESEWA_PRODUCT_CODE).toBe('EPAYTEST');
    expect(
      loadEnv({
        ...production,
        PAYMENT_SANDBOX: 'true',
        ESEWA_BASE_URL: 'https://rc-epay.esewa.com.np',
        ESEWA_PRODUCT_CODE: 'EPAYTEST',
      }).PAYMENT_SANDBOX,
    ).toBe(true);
    expect(
      problemsOf({ ESEWA_BASE_URL: 'https://rc-epay.esewa.com.np', ESEWA_PRODUCT_CODE: 'EPAYTEST' }),
    ).toBe('');
  });

  it('stops the server process at start with the variable named', () => {
    const started = spawnSync(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH,
        ...production,
        DATA_DIR: 'memory://',
        KHALTI_BASE_URL: 'https://khalti.com',
        KHALTI_SECRET_KEY: 'test_secret_key_0123456789',
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(started.status).toBe(1);
    expect(started.stderr).toContain('KHALTI_SECRET_KEY: is a Khalti test key in production');
  }, 40_000);

  it('leaves Duffel off without a token, and checks the token and address when given', () => {
    const off = loadEnv({});
    expect(off.DUFFEL_ACCESS_TOKEN).toBeUndefined();
    expect(off.DUFFEL_API_URL).toBe('https://api.duffel.com');
    expect(off.SUPPLIER_TIMEOUT_MS).toBe(8000);
    const on = loadEnv({
      DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
      DUFFEL_API_URL: 'http://127.0.0.1:4010',
      SUPPLIER_TIMEOUT_MS: '2500',
    });
    expect(on).toMatchObject({
      DUFFEL_ACCESS_TOKEN: 'duffel_test_abc123',
      DUFFEL_API_URL: 'http://127.0.0.1:4010',
      SUPPLIER_TIMEOUT_MS: 2500,
    });
    expect(() => loadEnv({ DUFFEL_ACCESS_TOKEN: 'sk_live_nope' })).toThrow(/DUFFEL_ACCESS_TOKEN/);
    expect(() => loadEnv({ DUFFEL_API_URL: 'ftp://x' })).toThrow(/DUFFEL_API_URL/);
    expect(() => loadEnv({ DUFFEL_API_URL: 'https://proxy.example/duffel' })).toThrow(/end a path with \//);
    expect(loadEnv({ DUFFEL_API_URL: 'https://proxy.example/duffel/' }).DUFFEL_API_URL).toBe(
      'https://proxy.example/duffel/',
    );
    expect(() => loadEnv({ SUPPLIER_TIMEOUT_MS: '5' })).toThrow(/SUPPLIER_TIMEOUT_MS/);
  });

  it('sends no SMS without SMS_PROVIDER, and asks for Sparrow’s token and sender with it', () => {
    const off = loadEnv({});
    expect(off.SMS_PROVIDER).toBeUndefined();
    expect(off.SMS_API_URL).toBe('https://api.sparrowsms.com/v2/sms/');
    expect(configuredSmsProvider(off)).toBeNull();
    const problems = (() => {
      try {
        loadEnv({ SMS_PROVIDER: 'sparrow' });
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    })();
    expect(problems).toEqual([
      'SPARROW_SMS_TOKEN: must be set with SMS_PROVIDER=sparrow',
      'SPARROW_SMS_FROM: must be set with SMS_PROVIDER=sparrow',
    ]);
    expect(() => loadEnv({ SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER: use sparrow/);
    const on = loadEnv({ SMS_PROVIDER: 'sparrow', SPARROW_SMS_TOKEN: 'v2_abc', SPARROW_SMS_FROM: 'Sajilo' });
    expect(configuredSmsProvider(on)?.name).toBe('sparrow');
  });
});
