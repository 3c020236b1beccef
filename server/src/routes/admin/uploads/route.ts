import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadedAsset } from '#shared/admin';
import { storeBrandImage } from '../../../domain/assets/store-brand-image';
import { invalidFields } from '../../../errors';
import { requireBrand, requireUser } from '../../../http/context';
import { ok, responses } from '../../../http/envelope';
import { authorize } from '../../../policies/policy';

/**
 * Image uploads: the raw file is the request body with its own Content-Type (no multipart
 * parser needed, and a cross-site form cannot send an image type). Every body type is read
 * here, up to four times UPLOAD_MAX_BYTES, so a wrong type or an oversized image gets a 400
 * naming `file` rather than a bare 413/415.
 */
export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const maxBytes = app.env.UPLOAD_MAX_BYTES;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: maxBytes * 4 }, (_request, body, done) =>
    done(null, body),
  );
  // Refuse callers who may not upload before their body is read.
  app.addHook('preParsing', async (request) => authorize(request, 'manageBrand'));

  app.post(
    '/admin/uploads',
    {
      config: { policy: 'manageBrand' },
      bodyLimit: maxBytes * 4,
      schema: {
        tags: ['admin'],
        summary: 'Upload a logo, favicon or banner image; answers the address to put in a field',
        description:
          'Send the file as the body with its type as Content-Type: image/png, image/jpeg, image/webp or ' +
          'image/svg+xml, at most UPLOAD_MAX_BYTES. The bytes must be of that type. An SVG is stored cleaned ' +
          'to an allow-list of drawing elements and attributes (no scripts, event handlers, animations, ' +
          'foreignObject or links other than #id); one that is malformed, declares entities or nests over ' +
          '200 deep is refused. Wrong type or size → 400 naming `file`. Stored under its content hash and ' +
          'served from /uploads/ with a one-year cache, a sandbox CSP and nosniff.',
        response: responses(uploadedAsset),
      },
    },
    async (request) => {
      const bytes = request.body;
      if (!Buffer.isBuffer(bytes)) throw invalidFields({ file: 'Send the image file as the request body.' });
      const stored = await storeBrandImage(app.db, {
        brandId: requireBrand(request).id,
        actor: requireUser(request),
        bytes,
        contentType: request.headers['content-type'] ?? '',
        maxBytes,
        storage: app.assets,
      });
      return ok(stored);
    },
  );
};
