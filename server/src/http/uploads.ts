import { mkdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_PREFIX } from '../domain/assets/asset-storage';

/**
 * Serves the uploaded brand images from UPLOADS_DIR at /uploads/. Names are content hashes, so
 * a file never changes: cached for a year. Each answer also forbids the file from running
 * anything if opened directly (an SVG is a document).
 */
export async function registerUploads(app: FastifyInstance, root: string): Promise<void> {
  const folder = path.resolve(root);
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
    setHeaders: (response) => {
      response.setHeader('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      response.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
