import { UPLOAD_CONTENT_TYPES, type UploadContentType } from '#shared/admin';
import { invalidFields } from '../../errors';
import { sanitizeSvg } from './sanitize-svg';

export const EXTENSIONS: Record<UploadContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

const TYPE_OF_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]));

/** A stored image's type, from the extension `storeBrandImage` gave its name. */
export function contentTypeOf(name: string): string {
  return TYPE_OF_EXTENSION[name.split('.').pop() ?? ''] ?? 'application/octet-stream';
}

/** The type the bytes really are, by their signature (SVG: an XML document with an <svg> root). */
export function sniffImageType(bytes: Buffer): UploadContentType | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head))
    return 'image/svg+xml';
  return undefined;
}

/**
 * Checks an upload: one of the allowed image types, the declared type matching the bytes, at
 * most `maxBytes`; an SVG is answered cleaned by `sanitizeSvg`. Failures are 400 naming the
 * `file` field (or `field`: a deposit slip's `slip`).
 */
export async function checkImage(
  bytes: Buffer,
  declaredType: string,
  maxBytes: number,
  field = 'file',
): Promise<{ contentType: UploadContentType; bytes: Buffer }> {
  const type = declaredType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(type)) {
    throw invalidFields({ [field]: 'Upload a PNG, JPEG, WebP or SVG image.' });
  }
  if (bytes.length === 0) throw invalidFields({ [field]: 'The file is empty.' });
  if (bytes.length > maxBytes) {
    throw invalidFields({ [field]: `The image is larger than ${Math.floor(maxBytes / 1000)} kB.` });
  }
  const actual = sniffImageType(bytes);
  if (actual !== type) throw invalidFields({ [field]: 'The file is not the image type it claims to be.' });
  if (actual !== 'image/svg+xml') return { contentType: actual, bytes };
  const clean = await sanitizeSvg(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  return { contentType: actual, bytes: Buffer.from(clean, 'utf8') };
}
