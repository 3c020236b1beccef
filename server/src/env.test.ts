import { describe, expect, it } from 'vitest';
import { ConfigError, loadEnv } from './env';

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
