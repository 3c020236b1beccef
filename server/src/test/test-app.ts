import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { loadEnv } from '../env';
import { createTestDatabase, TEST_PASSWORD_HASHING } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * The whole server over a fresh, seeded test database and an uploads folder of its own;
 * requests go through `app.inject`.
 * When REDIS_URL is set in the environment, rate limits live in that Redis under a
 * key prefix of this app's own, deleted by `close()`.
 */
/**
 * Tests other than the seat hoarding ones hold many seats with the few demo accounts: they run
 * with the hold limits out of the way (hold-limits.test.ts sets its own).
 */
export const RELAXED_HOLD_LIMITS: Record<string, string> = {
  HOLD_LIMIT_UNPAID_BOOKINGS: '100000',
  HOLD_LIMIT_UNPAID_SEATS_PER_FLIGHT: '100000',
  HOLD_LIMIT_NEW_ACCOUNT_HOLDS_PER_ADDRESS: '100000',
};

/**
 * Tests search many times from one address: they run with the search rate limit out of the way
 * (search-rate-limit.test.ts sets its own).
 */
export const RELAXED_SEARCH_RATE_LIMIT: Record<string, string> = {
  SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
};

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { logger?: FastifyServerOptions['logger'] } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const redisUrl = process.env.REDIS_URL;
  const redisPrefix = `tikat-test:${process.pid}:${randomBytes(4).toString('hex')}:`;
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'tikat-uploads-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASHING.memoryCost),
    PASSWORD_HASH_TIME_COST: String(TEST_PASSWORD_HASHING.timeCost),
    UPLOADS_DIR: uploadsDir,
    // Webhook receivers in tests listen on this machine (webhooks/route.test.ts unsets it once).
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    ...RELAXED_HOLD_LIMITS,
    ...RELAXED_SEARCH_RATE_LIMIT,
    ...(redisUrl ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: redisPrefix } : {}),
    ...envOverrides,
  });
  const app = await buildApp({ env, database, logger: options.logger ?? false });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(uploadsDir, { recursive: true, force: true });
      if (redisUrl) await deleteRedisKeys(redisUrl, redisPrefix);
    },
  };
}

async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.quit();
  }
}
