import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import { brandPaymentCredentials } from '../../../db/schema/index';
import { credentialsKey } from '../../../domain/crypto/secret-box';
import { readBrandPaymentCredentials } from '../../../domain/payment-credentials/payment-credentials';
import { loadEnv } from '../../../env';
import { REDACTED_LOG_PATHS } from '../../../http/logging';
import { api } from '../../../test/accounts';
import { adminSessions, asAdmin, GLOBALIME } from '../../../test/admin';
import type { TestApp } from '../../../test/test-app';
import { createTestDatabase, TEST_PASSWORD_HASHING } from '../../../test/test-database';

const ESEWA_SECRET = 'esewa-merchant-secret-8gBkL3xQ';
const PEM = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const logLines: string[] = [];

let t: TestApp;
let sessions: Awaited<ReturnType<typeof adminSessions>>;
beforeAll(async () => {
  // The whole app with its real logger at trace level, writing into `logLines`.
  const database = await createTestDatabase();
  const env = loadEnv({
    NODE_ENV: 'test',
    PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
    PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
  });
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    env,
    database,
    logger: { level: 'trace', stream, redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' } },
  });
  await app.ready();
  t = {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  sessions = await adminSessions(t);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  asAdmin(t, sessions.sajiloAdmin, method as 'GET', url, payload);

describe('payment-gateway credentials (write-only secrets)', () => {
  it('starts with nothing configured', async () => {
    const list = (await admin('GET', '/admin/payment-credentials')).json().data;
    expect(list).toEqual([
      expect.objectContaining({ gateway: 'esewa', configured: false, secretsSet: { secretKey: false } }),
      expect.objectContaining({ gateway: 'khalti', configured: false, secretsSet: { secretKey: false } }),
      expect.objectContaining({
        gateway: 'connectips',
        configured: false,
        secretsSet: { password: false, privateKeyPem: false },
      }),
    ]);
  });

  it('answers 400 naming each missing or unknown field', async () => {
    const first = await admin('PUT', '/admin/payment-credentials/esewa', {
      environment: 'test',
      settings: {},
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().data.fields).toMatchObject({
      'settings.productCode': expect.any(String),
      'secrets.secretKey': expect.any(String),
    });
    const unknown = await admin('PUT', '/admin/payment-credentials/khalti', {
      environment: 'live',
      secrets: { secretKey: 'x' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.fields).toHaveProperty('environment');
    const extra = await admin('PUT', '/admin/payment-credentials/khalti', {
      environment: 'test',
      settings: { publicKey: 'p' },
      secrets: { secretKey: 'x', other: 'y' },
    });
    expect(extra.json().data.fields).toEqual({
      'settings.publicKey': expect.any(String),
      'secrets.other': expect.any(String),
    });
    const pem = await admin('PUT', '/admin/payment-credentials/connectips', {
      environment: 'test',
      settings: { merchantId: '1', appId: 'A', appName: 'N' },
      secrets: { password: 'p', privateKeyPem: 'not a key' },
    });
    expect(pem.json().data.fields).toEqual({ 'secrets.privateKeyPem': expect.any(String) });
    expect(
      (await admin('PUT', '/admin/payment-credentials/paypal', { environment: 'test' })).statusCode,
    ).toBe(400);
  });

  it('saves a secret, then never answers it — only that it is set', async () => {
    const saved = await admin('PUT', '/admin/payment-credentials/esewa', {
      environment: 'production',
      settings: { productCode: 'NP-ES-SAJILO' },
      secrets: { secretKey: ESEWA_SECRET },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({
      gateway: 'esewa',
      configured: true,
      environment: 'production',
      settings: { productCode: 'NP-ES-SAJILO' },
      secretsSet: { secretKey: true },
    });
    const connectips = await admin('PUT', '/admin/payment-credentials/connectips', {
      environment: 'test',
      settings: { merchantId: '1001', appId: 'MER-1001-APP-1', appName: 'Sajilo' },
      secrets: { password: 'cips-password-Zk29', privateKeyPem: PEM },
    });
    expect(connectips.statusCode).toBe(200);

    for (const url of [
      '/admin/payment-credentials',
      '/admin/brand',
      '/admin/audit?pageSize=100',
      '/site-config',
    ]) {
      const body = (await admin('GET', url)).body;
      expect(body, url).not.toContain(ESEWA_SECRET);
      expect(body, url).not.toContain('cips-password-Zk29');
      expect(body, url).not.toContain('PRIVATE KEY');
    }
    expect(saved.body).not.toContain(ESEWA_SECRET);
    // Encrypted at rest.
    const rows = await t.app.db.select().from(brandPaymentCredentials);
    expect(JSON.stringify(rows)).not.toContain(ESEWA_SECRET);
    // The server can still read it to talk to the gateway.
    const key = credentialsKey(t.app.env.SESSION_SECRET);
    const brandId = (await admin('GET', '/admin/brand')).json().data.id;
    const savedEsewa = async () =>
      (await readBrandPaymentCredentials(t.app.db, { brandId, key })).find((a) => a.gateway === 'esewa');
    expect((await savedEsewa())?.secrets).toEqual({ secretKey: ESEWA_SECRET });

    // Saving again without the secret keeps it.
    const again = await admin('PUT', '/admin/payment-credentials/esewa', {
      environment: 'test',
      settings: { productCode: 'NP-ES-SAJILO' },
    });
    expect(again.json().data).toMatchObject({ environment: 'test', secretsSet: { secretKey: true } });
    expect((await savedEsewa())?.secrets.secretKey).toBe(ESEWA_SECRET);
    const audit = (await admin('GET', '/admin/audit?action=payment-credentials.update')).json().data.items;
    expect(audit[audit.length - 1].after).toMatchObject({ secretsChanged: ['secretKey'] });
    expect(audit[0].after).toMatchObject({ secretsChanged: [] });

    // The logs of all this never hold a secret.
    expect(logLines.length).toBeGreaterThan(10);
    const logs = logLines.join('');
    expect(logs).not.toContain(ESEWA_SECRET);
    expect(logs).not.toContain('cips-password-Zk29');
  });

  it('belongs to the brand: another brand sees its own (none), and removing goes back to the default', async () => {
    const other = await asAdmin(
      t,
      sessions.globalimeAdmin,
      'GET',
      '/admin/payment-credentials',
      undefined,
      GLOBALIME,
    );
    expect(other.json().data.every((g: { configured: boolean }) => !g.configured)).toBe(true);
    const removed = await admin('DELETE', '/admin/payment-credentials/esewa');
    expect(removed.json().data).toMatchObject({ configured: false, secretsSet: { secretKey: false } });
    expect((await admin('DELETE', '/admin/payment-credentials/esewa')).statusCode).toBe(404);
    const agent = await api(t, {
      method: 'GET',
      url: '/admin/payment-credentials',
      cookie: sessions.sajiloAgent,
    });
    expect(agent.statusCode).toBe(403);
  });
});
