import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { preferredEncoding } from './compression';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('compressed API answers', () => {
  it('sends JSON with brotli or gzip when the client accepts it, and the same data', async () => {
    const plain = await t.app.inject({ url: '/api/b2b/v2/countries' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');

    const br = await t.app.inject({
      url: '/api/b2b/v2/countries',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({ url: '/api/b2b/v2/countries', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves small answers and errors readable as they are', async () => {
    const small = await t.app.inject({
      url: '/api/b2b/v2/airports?q=zzzz',
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().success).toBe(true);
  });

  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding(['identity'])).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });
});
