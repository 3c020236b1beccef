import type { Env } from '../../env';
import { type AssetStorage, LocalAssetStorage } from './asset-storage';
import { S3AssetStorage } from './s3-asset-storage';

/** The bucket when S3_ENDPOINT is set (with its bucket and keys, checked by env.ts), else UPLOADS_DIR. */
export function assetStorageFromEnv(env: Env): AssetStorage {
  if (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return new S3AssetStorage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      region: env.S3_REGION,
    });
  }
  return new LocalAssetStorage(env.UPLOADS_DIR);
}
