import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { TEST_PASSWORD_HASHING } from '../test/test-database';

const run = promisify(execFile);
const dataDir = mkdtempSync(path.join(tmpdir(), 'tikat-operator-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const productionEnv = {
  NODE_ENV: 'production',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
  PUBLIC_URL: 'https://tickets.example.np',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
  PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
};

describe('npm run create:operator (a deployment without the demo data)', () => {
  // A first start on an empty folder creates the embedded database: allow it the time.
  it('creates the first platform operator, whose printed link sets a password that opens /platform', {
    timeout: 180_000,
  }, async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/src/cli/create-operator.ts', 'Ops@Example.np', 'Asha', 'Rai'],
      { env: { ...process.env, ...productionEnv } },
    );
    const link = new URL(stdout.match(/https:\/\/\S+/)?.[0] ?? '');
    expect(link.origin).toBe('https://tickets.example.np');
    const token = link.searchParams.get('token') ?? '';

    const env = loadEnv(productionEnv);
    expect(env.DEMO_DATA).toBe(false);
    const database = await openDatabase({ dataDir });
    const app = await buildApp({ env, database, logger: false });
    try {
      const api = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
        app.inject({
          method,
          url: `/api/b2b/v2${url}`,
          headers: {
            host: 'tickets.example.np',
            origin: 'https://tickets.example.np',
            ...(cookie ? { cookie } : {}),
          },
          ...(payload ? { payload } : {}),
        });
      // No demo operator exists to sign in with.
      const demo = await api('POST', '/auth/login', {
        login: 'operator@tikat.example',
        password: 'Himalaya-Demo-2081',
      });
      expect(demo.statusCode).toBe(401);

      const chosen = await api('POST', '/auth/password-reset/confirm', {
        token,
        password: 'prayer flags over swayambhu',
      });
      expect(chosen.statusCode, chosen.body).toBe(200);
      const login = await api('POST', '/auth/login', {
        login: 'ops@example.np',
        password: 'prayer flags over swayambhu',
        session: 'cookie',
      });
      expect(login.statusCode, login.body).toBe(200);
      const cookie = String(login.headers['set-cookie']).split(';')[0] ?? '';
      const platform = await api('GET', '/platform/brands', undefined, cookie);
      expect(platform.statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
