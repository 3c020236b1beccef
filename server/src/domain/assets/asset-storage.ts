import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded brand images are kept. Files are named by their content hash, so a stored
 * file never changes and can be cached for a year. A bucket (S3-compatible) implementation
 * answers an https URL instead of a site path; nothing else changes.
 */
export interface AssetStorage {
  /** Stores `bytes` under `key` (`<brand id>/<sha256>.<ext>`) and answers the address to show it at. */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ url: string }>;
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
}
