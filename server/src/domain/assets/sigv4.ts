import { createHash, createHmac } from 'node:crypto';

/** What AWS Signature Version 4 signs a request with. */
export interface SigV4Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** `s3` for buckets. */
  service: string;
}

export interface SigV4Request {
  method: string;
  url: URL;
  /** Headers to send and sign (lower- or mixed-case names); `host` and `x-amz-date` are added. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (of '' for none). */
  payloadHash: string;
  now?: Date;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A–Z a–z 0–9 - _ . ~ is %XX (upper case). */
export const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The path, each segment encoded once (S3 style: no double encoding). */
function canonicalPath(url: URL): string {
  const path = url.pathname || '/';
  return path
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(url: URL): string {
  return [...url.searchParams.entries()]
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

/** `YYYYMMDDTHHMMSSZ` */
export const amzDate = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The key that signs one day's requests in one region for one service. */
export function signingKey(credentials: SigV4Credentials, day: string): Buffer {
  const dateKey = hmac(`AWS4${credentials.secretAccessKey}`, day);
  return hmac(hmac(hmac(dateKey, credentials.region), credentials.service), 'aws4_request');
}

/**
 * Signs a request (AWS Signature Version 4, `Authorization` header form) and answers the headers
 * to send: the given ones plus `x-amz-date` and `authorization` (`host` is signed; fetch sends it).
 */
export function signRequest(request: SigV4Request, credentials: SigV4Credentials): Record<string, string> {
  const stamp = amzDate(request.now ?? new Date());
  const day = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name.toLowerCase()] = value;
  headers['x-amz-date'] = stamp;
  const signed: Record<string, string> = { ...headers, host: request.url.host };
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names
    .map((name) => `${name}:${String(signed[name]).trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalPath(request.url),
    canonicalQuery(request.url),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials, day)).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
