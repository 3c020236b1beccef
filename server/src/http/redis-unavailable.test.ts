import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, api, DEMO_PASSWORD } from '../test/accounts';
import { createTestApp, type TestApp } from '../test/test-app';

/** Sessions and rate limits in a Redis that does not answer (nothing listens on the port). */
describe('with Redis down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9/0' });
  });
  afterAll(() => t.close());

  it('answers 503 SERVICE_UNAVAILABLE, retryable, instead of hanging or a 500', async () => {
    const signIn = await api(t, {
      method: 'POST',
      url: '/auth/login',
      payload: { login: 'agent@sajilo.example', password: DEMO_PASSWORD },
    });
    expect(signIn.statusCode).toBe(503);
    expect(signIn.json().data.code).toBe('SERVICE_UNAVAILABLE');
    expect(signIn.headers['retry-after']).toBe('5');
    const me = await api(t, { method: 'GET', url: '/me', bearer: 'a'.repeat(43) });
    expect(me.statusCode).toBe(503);
    // What needs no session still works.
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
