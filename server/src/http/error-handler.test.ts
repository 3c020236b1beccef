import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => t.close());

describe('the API envelope for failures', () => {
  it('answers an unknown API route with 404 in the envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/b2b/v2/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      data: { error: 'There is no GET /api/b2b/v2/no-such-thing.', code: 'NOT_FOUND' },
    });
  });

  it('answers broken JSON with 400 INVALID_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/b2b/v2/site-config',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.code).toBe('INVALID_JSON');
  });

  it('answers an oversized body with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/b2b/v2/site-config',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ filler: 'x'.repeat(4096) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().data.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers a malformed address in the envelope (the router refuses it before any handler)', async () => {
    for (const url of ['/api/b2b/v2/bookings/hF%ez', '/api/b2b/v2/payments/%/return/success', '/no%zzpage']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        success: false,
        data: { error: 'The address of this request is not valid.', code: 'VALIDATION_FAILED' },
      });
      expect(response.headers['x-request-id'], url).toBeDefined();
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it('never answers hostile query strings with a 5xx', async () => {
    const hostile = [
      'q[]=1&q[]=2',
      'q=%00',
      'q=%E0%A4%A',
      "q=' or 1=1 --",
      'limit[$gt]=1',
      'q=' + '%'.repeat(30),
    ];
    for (const query of hostile) {
      const response = await t.app.inject({ method: 'GET', url: `/api/b2b/v2/airports?${query}` });
      expect(response.statusCode, query).toBeLessThan(500);
      expect(response.json().success, query).toBeTypeOf('boolean');
    }
  });
});

describe('every response', () => {
  it('carries a request id, echoing a well-formed one from the caller', async () => {
    const echoed = await t.app.inject({
      url: '/api/b2b/v2/countries',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const replaced = await t.app.inject({
      url: '/api/b2b/v2/countries',
      headers: { 'x-request-id': 'bad id!' },
    });
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('carries security headers', async () => {
    const response = await t.app.inject({ url: '/api/b2b/v2/site-config' });
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeDefined();
  });
});

describe('the API description', () => {
  it('publishes OpenAPI JSON with the routes, and a docs page', async () => {
    const spec = await t.app.inject({ url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    const paths = Object.keys(spec.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/b2b/v2/site-config',
        '/api/b2b/v2/airports',
        '/api/b2b/v2/countries',
        '/healthz',
      ]),
    );
    const page = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
