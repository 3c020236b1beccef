import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface SandboxObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
}

export interface S3Sandbox {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  objects: Map<string, SandboxObject>;
  /** Requests refused, with the S3 error code answered. */
  refusals: string[];
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function s3Error(response: ServerResponse, status: number, code: string, refusals: string[]) {
  refusals.push(code);
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

/**
 * A small S3-compatible server for tests: path-style `/<bucket>/<key>`, PUT stores and GET
 * serves objects, and every request must carry a valid AWS Signature V4 (`Authorization` header)
 * for its one access key, computed here from the request as received — the way S3 checks it —
 * and a body matching `x-amz-content-sha256`.
 */
export async function startS3Sandbox(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<S3Sandbox> {
  const bucket = options.bucket ?? 'tikat-assets';
  const accessKeyId = options.accessKeyId ?? 'AKIASANDBOX0000001';
  const secretAccessKey = options.secretAccessKey ?? 'sandbox/secret+KEY0000000000000000000000';
  const region = options.region ?? 'ap-south-1';
  const objects = new Map<string, SandboxObject>();
  const refusals: string[] = [];

  const verify = (request: IncomingMessage, body: Buffer): string | undefined => {
    const auth = request.headers.authorization ?? '';
    const match =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
        auth,
      );
    if (!match) return 'AccessDenied';
    const [, keyId, day, scopeRegion, signedHeaders, signature] = match as unknown as string[];
    if (keyId !== accessKeyId) return 'InvalidAccessKeyId';
    if (scopeRegion !== region) return 'AuthorizationHeaderMalformed';
    const stamp = String(request.headers['x-amz-date'] ?? '');
    if (!stamp.startsWith(day ?? '-')) return 'AccessDenied';
    const when = Date.parse(
      `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`,
    );
    if (!(Math.abs(Date.now() - when) < 15 * 60_000)) return 'RequestTimeTooSkewed';
    const declared = String(request.headers['x-amz-content-sha256'] ?? '');
    if (declared !== sha256(body)) return 'XAmzContentSHA256Mismatch';
    const names = (signedHeaders ?? '').split(';');
    if (!names.includes('host') || !names.includes('x-amz-content-sha256')) return 'AccessDenied';
    const [path = '/', query = ''] = (request.url ?? '/').split('?');
    const canonicalQuery = query.split('&').filter(Boolean).sort().join('&');
    const canonical = [
      request.method,
      path,
      canonicalQuery,
      names
        .map(
          (name) =>
            `${name}:${String(request.headers[name] ?? '')
              .trim()
              .replace(/\s+/g, ' ')}\n`,
        )
        .join(''),
      signedHeaders,
      declared,
    ].join('\n');
    const toSign = ['AWS4-HMAC-SHA256', stamp, `${day}/${region}/s3/aws4_request`, sha256(canonical)].join(
      '\n',
    );
    const key = hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day ?? ''), region), 's3'), 'aws4_request');
    const expected = createHmac('sha256', key).update(toSign).digest();
    const given = Buffer.from(signature ?? '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'SignatureDoesNotMatch';
    return undefined;
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const refusal = verify(request, body);
      if (refusal)
        return s3Error(response, refusal === 'XAmzContentSHA256Mismatch' ? 400 : 403, refusal, refusals);
      const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
      const [, bucketName, ...rest] = path.split('/');
      if (bucketName !== bucket) return s3Error(response, 404, 'NoSuchBucket', refusals);
      const key = rest.join('/');
      if (request.method === 'PUT') {
        const etag = `"${createHash('md5').update(body).digest('hex')}"`;
        objects.set(key, {
          body,
          contentType: String(request.headers['content-type'] ?? 'binary/octet-stream'),
          cacheControl: request.headers['cache-control'],
          etag,
        });
        response.writeHead(200, { etag });
        return response.end();
      }
      if (request.method === 'GET') {
        const object = objects.get(key);
        if (!object) return s3Error(response, 404, 'NoSuchKey', refusals);
        response.writeHead(200, {
          'content-type': object.contentType,
          etag: object.etag,
          ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
        });
        return response.end(object.body);
      }
      return s3Error(response, 405, 'MethodNotAllowed', refusals);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
