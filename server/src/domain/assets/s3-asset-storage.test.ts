import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { API } from '../../test/accounts';
import { adminSessions, asAdmin, PNG_PIXEL } from '../../test/admin';
import { type S3Sandbox, startS3Sandbox } from '../../test/s3-sandbox';
import { createTestApp, type TestApp } from '../../test/test-app';
import { S3AssetStorage } from './s3-asset-storage';
import { sha256Hex, signRequest } from './sigv4';

describe('AWS Signature V4', () => {
  it('reproduces the worked example of the AWS signing guide (IAM ListUsers)', () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://iam.amazonaws.com/?Action=ListUsers&Version=2010-05-08'),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8' },
        payloadHash: sha256Hex(''),
        now: new Date('2015-08-30T12:36:00Z'),
      },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'iam',
      },
    );
    expect(headers['x-amz-date']).toBe('20150830T123600Z');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/iam/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-date, ' +
        'Signature=5d672d79c15b13162d9279b0855cfba6789a8edb4c82c400e06b5924a6f2b5d7',
    );
  });
});

describe('uploads in an S3-compatible bucket (a local sandbox that checks every signature)', () => {
  let s3: S3Sandbox;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Sandbox();
    t = await createTestApp({
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: s3.region,
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores an uploaded image in the bucket and serves it at /uploads/ with cache headers', async () => {
    const { sajiloAdmin } = await adminSessions(t);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `${API}/admin/uploads`,
      headers: { host: 'localhost', cookie: sajiloAdmin, 'content-type': 'image/png' },
      payload: PNG_PIXEL,
    });
    expect(uploaded.statusCode).toBe(200);
    const { url } = uploaded.json().data as { url: string };
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\/[0-9a-f]{32}\.png$/);
    const key = url.slice('/uploads/'.length);
    const stored = s3.objects.get(key);
    expect(stored?.body.equals(PNG_PIXEL)).toBe(true);
    expect(stored?.contentType).toBe('image/png');
    expect(stored?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(readdirSync(t.app.env.UPLOADS_DIR)).toEqual([]);
    expect(s3.refusals).toEqual([]);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_PIXEL)).toBe(true);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');

    const missing = await t.app.inject({ method: 'GET', url: url.replace(/[0-9a-f]{32}/, '0'.repeat(32)) });
    expect(missing.statusCode).toBe(404);
    const odd = await t.app.inject({ method: 'GET', url: '/uploads/..%2f..%2fetc%2fpasswd' });
    expect(odd.statusCode).toBe(404);

    const audit = (await asAdmin(t, sajiloAdmin, 'GET', '/admin/audit?action=asset.upload')).json().data
      .items;
    expect(audit[0].after).toMatchObject({ url });
  });

  it('answers 503 (retryable, nothing written) when the bucket refuses the file or does not answer', async () => {
    const refusing = await createTestApp({
      S3_ENDPOINT: s3.url,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: 'not-the-secret',
      S3_REGION: s3.region,
    });
    const unreachable = await createTestApp({
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_REGION: s3.region,
    });
    try {
      for (const app of [refusing, unreachable]) {
        const cookie = (await adminSessions(app)).sajiloAdmin;
        const before = s3.objects.size;
        const response = await app.app.inject({
          method: 'POST',
          url: `${API}/admin/uploads`,
          headers: { host: 'localhost', cookie, 'content-type': 'image/png' },
          payload: PNG_PIXEL,
        });
        expect(response.statusCode).toBe(503);
        expect(response.json().data.code).toBe('SERVICE_UNAVAILABLE');
        expect(response.body).not.toMatch(/S3|Signature|127\.0\.0\.1/);
        expect(s3.objects.size).toBe(before);
        const audit = (await asAdmin(app, cookie, 'GET', '/admin/audit?action=asset.upload')).json().data;
        expect(audit.items).toEqual([]);
      }
    } finally {
      await refusing.close();
      await unreachable.close();
    }
  });

  it('is refused by the bucket with a wrong secret or a wrong region (the sandbox really checks)', async () => {
    const base = {
      endpoint: s3.url,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      region: s3.region,
    };
    await expect(
      new S3AssetStorage({ ...base, secretAccessKey: 'wrong' }).put('a/b.png', PNG_PIXEL, 'image/png'),
    ).rejects.toThrow(/403.*SignatureDoesNotMatch/);
    await expect(
      new S3AssetStorage({ ...base, region: 'us-east-1' }).put('a/b.png', PNG_PIXEL, 'image/png'),
    ).rejects.toThrow(/403/);
    await expect(
      new S3AssetStorage({ ...base, accessKeyId: 'AKIAOTHER' }).put('a/b.png', PNG_PIXEL, 'image/png'),
    ).rejects.toThrow(/InvalidAccessKeyId/);
    // A body that is not the one signed.
    const url = new URL(`${s3.url}/${s3.bucket}/a/c.png`);
    const headers = signRequest(
      {
        method: 'PUT',
        url,
        headers: { 'x-amz-content-sha256': sha256Hex('other') },
        payloadHash: sha256Hex('other'),
      },
      { ...base, service: 's3' },
    );
    const tampered = await fetch(url, { method: 'PUT', headers, body: 'tampered' });
    expect(tampered.status).toBe(400);
    expect(s3.objects.has('a/b.png')).toBe(false);
    expect(s3.objects.has('a/c.png')).toBe(false);
  });
});

describe('settings', () => {
  it('S3_ENDPOINT needs the bucket and both keys', () => {
    expect(() => loadEnv({ NODE_ENV: 'test', S3_ENDPOINT: 'https://s3.example.com' })).toThrow(/S3_BUCKET/);
    const env = loadEnv({
      NODE_ENV: 'test',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_BUCKET: 'b-1',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(env.S3_REGION).toBe('us-east-1');
  });
});
