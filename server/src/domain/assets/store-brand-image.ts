import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import type { AssetStorage } from './asset-storage';
import { checkImage, EXTENSIONS } from './check-image';

export interface StoreBrandImageOptions {
  brandId: string;
  actor: AuditActor;
  bytes: Buffer;
  /** The Content-Type the browser sent. */
  contentType: string;
  maxBytes: number;
  storage: AssetStorage;
}

/**
 * Checks and stores an image of the brand under its content hash, and audits the upload. An SVG
 * is stored as cleaned by `checkImage`.
 */
export async function storeBrandImage(db: Db, options: StoreBrandImageOptions) {
  const { contentType, bytes } = await checkImage(options.bytes, options.contentType, options.maxBytes);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const key = `${options.brandId}/${hash}.${EXTENSIONS[contentType]}`;
  const { url } = await options.storage.put(key, bytes, contentType);
  await recordAudit(db, {
    brandId: options.brandId,
    actor: options.actor,
    action: 'asset.upload',
    entityType: 'asset',
    entityId: key,
    after: { url, contentType, bytes: bytes.length },
  });
  return { url, contentType, bytes: bytes.length };
}
