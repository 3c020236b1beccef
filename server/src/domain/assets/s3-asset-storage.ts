import { DependencyUnavailableError } from '../../errors';
import type { AssetStorage, StoredAsset } from './asset-storage';
import { UPLOADS_PREFIX } from './asset-storage';
import { type SigV4Credentials, sha256Hex, signRequest } from './sigv4';

export interface S3StorageConfig {
  /** e.g. https://s3.ap-south-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://127.0.0.1:9000 */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  timeoutMs?: number;
}

/** The objects never change (content-hash names): caches may keep them a year. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Uploaded images in an S3-compatible bucket (AWS S3, MinIO, R2, Spaces…), path-style
 * (`<endpoint>/<bucket>/<key>`), every request signed with AWS Signature V4. The bucket stays
 * private: the app serves the objects at the same `/uploads/…` addresses as the local folder.
 */
export class S3AssetStorage implements AssetStorage {
  private readonly credentials: SigV4Credentials;

  constructor(private readonly config: S3StorageConfig) {
    this.credentials = {
      accessKeyId: config.accessKeyId,
      secretAccessKey: config.secretAccessKey,
      region: config.region,
      service: 's3',
    };
  }

  private objectUrl(key: string): URL {
    const base = this.config.endpoint.replace(/\/+$/, '');
    return new URL(
      `${base}/${encodeURIComponent(this.config.bucket)}/${key.split('/').map(encodeURIComponent).join('/')}`,
    );
  }

  private async send(
    method: 'PUT' | 'GET',
    key: string,
    body?: Buffer,
    headers: Record<string, string> = {},
  ) {
    const url = this.objectUrl(key);
    const payloadHash = sha256Hex(body ?? '');
    const signed = signRequest(
      { method, url, headers: { ...headers, 'x-amz-content-sha256': payloadHash }, payloadHash },
      this.credentials,
    );
    try {
      return await fetch(url, {
        method,
        headers: signed,
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new DependencyUnavailableError(`S3 ${method} ${key} failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<{ url: string }> {
    const response = await this.send('PUT', key, bytes, {
      'content-type': contentType,
      'cache-control': IMMUTABLE_CACHE,
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 300);
      throw new DependencyUnavailableError(`S3 PUT ${key} answered ${response.status}: ${detail}`);
    }
    return { url: `${UPLOADS_PREFIX}${key}` };
  }

  async get(key: string): Promise<StoredAsset | undefined> {
    const response = await this.send('GET', key);
    if (response.status === 404) return undefined;
    if (!response.ok) throw new DependencyUnavailableError(`S3 GET ${key} answered ${response.status}`);
    return {
      bytes: Buffer.from(await response.arrayBuffer()),
      contentType: response.headers.get('content-type') ?? 'application/octet-stream',
      etag: response.headers.get('etag') ?? undefined,
    };
  }
}
