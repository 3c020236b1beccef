import { hkdfSync } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import { brandPaymentCredentials, emailOutbox, webhooks } from '../../db/schema/index';
import { loadEnv } from '../../env';
import { api, logInDemo, SAJILO } from '../../test/accounts';
import type { TestApp } from '../../test/test-app';
import { createTestDatabase, TEST_PASSWORD_HASHING } from '../../test/test-database';
import { keyIdOf } from './key-ring';
import { openSecrets, sealSecrets } from './secret-box';

// docs/operations.md#rotating-session_secret: one database, the app started three times over it.
const OLD_SECRET = 'old-session-secret-0123456789-abcdefghij';
const NEW_SECRET = 'new-session-secret-9876543210-zyxwvutsrq';
const ESEWA_SECRET = 'esewa-merchant-secret-rotation-4Hq';

let database: Database;
let t: TestApp | undefined;

/** The whole app over the shared database with these secrets (the previous one optional). */
async function startWith(secrets: { current: string; previous?: string }): Promise<TestApp> {
  await t?.app.close();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
    PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    SESSION_SECRET: secrets.current,
    ...(secrets.previous ? { SESSION_SECRET_PREVIOUS: secrets.previous } : {}),
  });
  const app = await buildApp({ env, database, logger: false });
  await app.ready();
  t = { app, database, close: () => app.close() };
  return t;
}

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await t?.app.close();
  await database.close();
});

const keyIdOfSealed = (sealed: string) => sealed.split('.')[1];

describe('rotating SESSION_SECRET', () => {
  const sealedBefore = { apiKeyUsed: '', apiKeyUnused: '', webhookId: '', webhookSecret: '', outboxId: '' };

  it('seals everything with the old secret, naming its key id', async () => {
    const app = await startWith({ current: OLD_SECRET });
    const admin = await logInDemo(app, 'sajilo', 'admin');
    const saved = await api(app, {
      method: 'PUT',
      url: '/admin/payment-credentials/esewa',
      cookie: admin,
      payload: {
        environment: 'test',
        settings: { productCode: 'NP-ES-SAJILO' },
        secrets: { secretKey: ESEWA_SECRET },
      },
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await app.app.db.select().from(brandPaymentCredentials);
    expect(keyIdOfSealed(row?.secretCiphertext ?? '')).toBe(keyIdOf(OLD_SECRET));

    const agent = await logInDemo(app, 'sajilo', 'agent');
    const newKey = async (name: string) =>
      (await api(app, { method: 'POST', url: '/api-keys', cookie: agent, payload: { name } })).json().data
        .key as string;
    sealedBefore.apiKeyUsed = await newKey('Used while rotating');
    sealedBefore.apiKeyUnused = await newKey('Idle while rotating');
    const webhook = await api(app, {
      method: 'POST',
      url: '/webhooks',
      cookie: agent,
      payload: { url: 'http://127.0.0.1:9/rotation-hook', events: ['booking.ticketed'] },
    });
    expect(webhook.statusCode).toBe(200);
    sealedBefore.webhookId = webhook.json().data.id;
    sealedBefore.webhookSecret = webhook.json().data.secret;

    const reset = await api(app, {
      method: 'POST',
      url: '/auth/password-reset',
      payload: { email: 'customer@sajilo.example' },
    });
    expect(reset.statusCode).toBe(200);
    const [mail] = await app.app.db.select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(1);
    expect(mail?.sealedLinks).toBeTruthy();
    expect(keyIdOfSealed(mail?.sealedLinks ?? '')).toBe(keyIdOf(OLD_SECRET));
    sealedBefore.outboxId = mail?.id ?? '';
  });

  it('with the new secret and the old one as previous, everything still opens and new seals use the new key', async () => {
    const app = await startWith({ current: NEW_SECRET, previous: OLD_SECRET });
    const admin = await logInDemo(app, 'sajilo', 'admin');
    const listed = (await api(app, { url: '/admin/payment-credentials', cookie: admin })).json().data;
    expect(listed.find((entry: { gateway: string }) => entry.gateway === 'esewa')).toMatchObject({
      secretsSet: { secretKey: true },
    });

    // The API key works, and is stored under the new key from its first use.
    const me = await api(app, { url: '/me', bearer: sealedBefore.apiKeyUsed });
    expect(me.statusCode).toBe(200);
    expect((await api(app, { url: '/me', bearer: sealedBefore.apiKeyUsed })).statusCode).toBe(200);

    const [hook] = await app.app.db.select().from(webhooks).where(eq(webhooks.id, sealedBefore.webhookId));
    expect(openSecrets(hook?.sealedSecret ?? '', app.app.webhookSecretsKey)).toEqual({
      secret: sealedBefore.webhookSecret,
    });
    const [mail] = await app.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, sealedBefore.outboxId));
    // The outbox's masked link opens to the real one (what the delivery job sends).
    expect(Object.values(openSecrets(mail?.sealedLinks ?? '', app.app.emailLinksKey)).join(' ')).toMatch(
      /\/auth\/reset-password\?token=/,
    );

    // A value sealed before key ids existed (`v1.<iv>.<tag>.<data>`) opens too.
    const bareOldKey = Buffer.from(hkdfSync('sha256', OLD_SECRET, 'tikat', 'webhook-secrets/v1', 32));
    const legacy = sealSecrets({ secret: 'whsec_legacy' }, bareOldKey);
    expect(legacy.split('.')).toHaveLength(4);
    expect(openSecrets(legacy, app.app.webhookSecretsKey)).toEqual({ secret: 'whsec_legacy' });

    // What is sealed now names the new key.
    const resaved = await api(app, {
      method: 'PUT',
      url: '/admin/payment-credentials/khalti',
      cookie: admin,
      payload: { environment: 'test', settings: {}, secrets: { secretKey: 'khalti-live-secret-rotated-9x' } },
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const rows = await app.app.db.select().from(brandPaymentCredentials);
    const khalti = rows.find((row) => row.gateway === 'khalti');
    expect(keyIdOfSealed(khalti?.secretCiphertext ?? '')).toBe(keyIdOf(NEW_SECRET));
    expect(keyIdOf(NEW_SECRET)).not.toBe(keyIdOf(OLD_SECRET));
  });

  it('after dropping the previous secret, what only it opened is refused cleanly, never a 500', async () => {
    const app = await startWith({ current: NEW_SECRET });
    const admin = await logInDemo(app, 'sajilo', 'admin');
    const listed = await api(app, { url: '/admin/payment-credentials', cookie: admin });
    expect(listed.statusCode).toBe(200);
    const entries = listed.json().data as { gateway: string; secretsSet: Record<string, boolean> }[];
    // Sealed with the old key: shown as not set, so the admin is asked for it again.
    expect(entries.find((entry) => entry.gateway === 'esewa')?.secretsSet.secretKey).not.toBe(true);
    expect(entries.find((entry) => entry.gateway === 'khalti')?.secretsSet.secretKey).toBe(true);

    // The key used during the rotation was re-hashed and works; the idle one is refused as unknown.
    expect((await api(app, { url: '/me', bearer: sealedBefore.apiKeyUsed })).statusCode).toBe(200);
    const idle = await api(app, { url: '/me', bearer: sealedBefore.apiKeyUnused });
    expect(idle.statusCode).toBe(401);
    expect(idle.json().data.code).toBe('INVALID_API_KEY');

    const [hook] = await app.app.db.select().from(webhooks).where(eq(webhooks.id, sealedBefore.webhookId));
    expect(() => openSecrets(hook?.sealedSecret ?? '', app.app.webhookSecretsKey)).toThrow(
      'sealed with a key that is no longer configured',
    );
    const [mail] = await app.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.id, sealedBefore.outboxId));
    expect(() => openSecrets(mail?.sealedLinks ?? '', app.app.emailLinksKey)).toThrow(
      'sealed with a key that is no longer configured',
    );
    // The console's outbox still lists it (masked links need no key).
    expect((await api(app, { url: '/admin/outbox', cookie: admin })).statusCode).toBe(200);
    // A new reset works under the new secret alone.
    const reset = await api(app, {
      method: 'POST',
      url: '/auth/password-reset',
      host: SAJILO,
      payload: { email: 'customer@sajilo.example' },
    });
    expect(reset.statusCode).toBe(200);
  });
});

describe('SESSION_SECRET_PREVIOUS', () => {
  it('is refused when short or the same as SESSION_SECRET, naming the variable', () => {
    expect(() => loadEnv({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: 'short' })).toThrow(
      /SESSION_SECRET_PREVIOUS/,
    );
    expect(() => loadEnv({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: NEW_SECRET })).toThrow(
      /SESSION_SECRET_PREVIOUS/,
    );
    expect(
      loadEnv({ SESSION_SECRET: NEW_SECRET, SESSION_SECRET_PREVIOUS: OLD_SECRET }).SESSION_SECRET_PREVIOUS,
    ).toBe(OLD_SECRET);
  });
});
