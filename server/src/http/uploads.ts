import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type AssetStorage, LocalAssetStorage, UPLOADS_PREFIX } from '../domain/assets/asset-storage';
import { contentTypeOf } from '../domain/assets/check-image';
import { IMMUTABLE_CACHE, S3AssetStorage } from '../domain/assets/s3-asset-storage';

/** An uploaded file opened directly may not run anything (an SVG is a document). */
const UPLOAD_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/** `<brand id>/<32 hex>.<ext>`, as `storeBrandImage` names them. */
const UPLOAD_KEY = /^[0-9a-f-]{36}\/[0-9a-f]{32}\.(png|jpg|webp|svg)$/;

/**
 * Serves the uploaded brand images at /uploads/: from UPLOADS_DIR, or read from the bucket when
 * the storage is S3. Names are content hashes, so a file never changes: cached for a year.
 */
export async function registerUploads(app: FastifyInstance, storage: AssetStorage): Promise<void> {
  if (storage instanceof S3AssetStorage) {
    app.get(`${UPLOADS_PREFIX}*`, async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const asset = UPLOAD_KEY.test(key) ? await storage.get(key) : undefined;
      if (!asset) return reply.code(404).type('text/plain').send('Not found');
      return reply
        .header('cache-control', IMMUTABLE_CACHE)
        .header('content-security-policy', UPLOAD_CSP)
        .header('x-content-type-options', 'nosniff')
        .header('etag', asset.etag ?? `"${key.slice(37, 69)}"`)
        .type(contentTypeOf(key))
        .send(asset.bytes);
    });
    return;
  }
  if (!(storage instanceof LocalAssetStorage)) throw new Error('unknown asset storage');
  const folder = path.resolve(storage.root);
  mkdirSync(folder, { recursive: true });
  await app.register(fastifyStatic, {
    root: folder,
    prefix: UPLOADS_PREFIX,
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    list: false,
    dotfiles: 'deny',
    setHeaders: (reply) => {
      reply.header('content-security-policy', UPLOAD_CSP);
      reply.header('x-content-type-options', 'nosniff');
    },
  });
}
