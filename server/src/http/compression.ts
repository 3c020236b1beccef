import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this a response fits in one packet anyway. */
const MIN_BYTES = 1024;

/** br, else gzip, when the request's Accept-Encoding allows it (a q=0 refuses). */
export function preferredEncoding(accepted: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(accepted) ? accepted.join(',') : (accepted ?? '')).split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  if ((weights.get('br') ?? 0) > 0) return 'br';
  if ((weights.get('gzip') ?? 0) > 0) return 'gzip';
  return undefined;
}

/** The body compressed with the encoding: brotli at a level fast enough for every response. */
export function compress(body: string | Buffer, encoding: 'br' | 'gzip'): Promise<Buffer> {
  return encoding === 'br'
    ? brotli(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } })
    : gzipAsync(body, { level: 6 });
}

/**
 * onSend hook for the API: JSON answers above a kilobyte go out compressed when the client
 * accepts it (a search answer shrinks about tenfold, which a phone on a slow network feels).
 */
export async function compressJsonResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (Buffer.byteLength(payload) < MIN_BYTES || reply.hasHeader('content-encoding')) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  reply.header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compress(payload, encoding);
}
