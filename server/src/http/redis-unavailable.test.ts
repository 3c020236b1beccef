import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, DEMO_PASSWORD } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/**
 * Redis is a cache of counters, not a store
 * (docs/decisions/0004-sessions-in-the-database-redis-for-counters.md): with a Redis that does not answer
 * (nothing listens on the port), people still sign in and signed-in calls still work; rate limits fall back
 * to this process's own counters, and the fallback is logged once. Readiness says Redis is down (503 naming
 * it) while liveness stays 200 (docs/operations.md).
 */
describe('with Redis down', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:9/0', LOG_LEVEL: 'warn', RATE_LIMIT_PER_ACCOUNT: '3' },
      {
        logger: {
          stream: new Writable({
            write(chunk, _encoding, done) {
              lines.push(String(chunk));
              done();
            },
          }),
        },
      },
    );
  });
  afterAll(() => t.close());

  it('answers /readyz 503 naming Redis and /livez 200, both JSON', async () => {
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['content-type']).toContain('application/json');
    expect(ready.json()).toMatchObject({
      success: false,
      data: { code: 'SERVICE_UNAVAILABLE', error: 'Redis is not answering.', checks: { redis: 'down' } },
    });
    const live = await t.app.inject({ url: '/livez' });
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toContain('application/json');
    expect(live.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  });

  it('signs people in, serves signed-in calls and still limits attempts, per process', async () => {
    const signIn = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'agent@sajilo.example', password: DEMO_PASSWORD, session: 'bearer' },
    });
    expect(signIn.statusCode).toBe(200);
    const me = await api(t, { url: '/me', bearer: signIn.json().data.accessToken });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.email).toBe('agent@sajilo.example');

    const wrong = () =>
      api(t, {
        method: 'POST',
        url: '/auth/login',
        payload: { login: 'customer@sajilo.example', password: 'wrong one' },
        remoteAddress: '10.9.0.1',
      });
    for (let i = 0; i < 3; i++) expect((await wrong()).statusCode).toBe(401);
    expect((await wrong()).statusCode).toBe(429);

    const fallbacks = lines.filter((line) => line.includes('rate limits are counted per process'));
    expect(fallbacks).toHaveLength(1);
  });
});

describe.skipIf(!process.env.REDIS_URL)('with Redis emptied (a restart without persistence)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('signs nobody out: sessions are kept in the database', async () => {
    const signIn = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'customer@sajilo.example', password: DEMO_PASSWORD, session: 'bearer' },
    });
    const redis = new Redis(process.env.REDIS_URL ?? '');
    try {
      const keys = await redis.keys(`${t.app.env.REDIS_KEY_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    const me = await api(t, { url: '/me', bearer: signIn.json().data.accessToken });
    expect(me.statusCode).toBe(200);
  });
});
