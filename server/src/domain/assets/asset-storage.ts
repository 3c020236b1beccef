import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentTypeOf } from './check-image';

/** A stored file as read back. */
export interface StoredAsset {
  bytes: Buffer;
  contentType: string;
  etag?: string | undefined;
}

/**
 * Where uploaded brand images are kept: a local folder (`LocalAssetStorage`, the default) or an
 * S3-compatible bucket (`S3AssetStorage`). Files are named by their content hash, so a stored file
 * never changes and can be cached for a year. Both answer `/uploads/<key>` addresses, served by the
 * app with the same cache headers.
 */
export interface AssetStorage {
  /** Stores `bytes` under `key` (`<brand id>/<sha256>.<ext>`) and answers the address to show it at. */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
  /** The file stored under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredAsset | undefined>;
}

/** The URL path uploads are served under by the local storage. */
export const UPLOADS_PREFIX = '/uploads/';

/** Files in a local folder (UPLOADS_DIR), served by the app at /uploads/. */
export class LocalAssetStorage implements AssetStorage {
  constructor(readonly root: string) {}

  async put(key: string, bytes: Buffer): Promise<{ url: string }> {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`bad asset key ${key}`);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return { url: `${UPLOADS_PREFIX}${key}` };
  }

  async get(key: string): Promise<StoredAsset | undefined> {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(path.resolve(this.root) + path.sep)) return undefined;
    const bytes = await readFile(file).catch(() => undefined);
    return bytes ? { bytes, contentType: contentTypeOf(key) } : undefined;
  }
}
