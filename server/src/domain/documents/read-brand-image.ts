import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { assetAddress } from '#shared/asset-address';
import { BRAND_ASSETS } from '../../app-files';
import { type AssetStorage, UPLOADS_PREFIX } from '../assets/asset-storage';
import { contentTypeOf } from '../assets/check-image';
import type { BrandImage } from './draw-logo';

const BRAND_ASSETS_PREFIX = '/brand-assets/';

/**
 * One of a brand's images (its logo, say) as bytes, for documents drawn on the server: the demo
 * brands' files under `/brand-assets/`, uploads under `/uploads/` from the asset storage.
 * Anything else (an address on another site) is not fetched: undefined.
 */
export async function readBrandImage(
  storage: AssetStorage | undefined,
  config: { s3Url: string },
  name: string,
): Promise<BrandImage | undefined> {
  const address = assetAddress(config, name);
  if (address.startsWith(UPLOADS_PREFIX)) {
    const stored = await storage?.get(address.slice(UPLOADS_PREFIX.length));
    return stored ? { bytes: stored.bytes, contentType: contentTypeOf(address) } : undefined;
  }
  if (address.startsWith(BRAND_ASSETS_PREFIX)) {
    const file = path.resolve(BRAND_ASSETS, address.slice(BRAND_ASSETS_PREFIX.length));
    if (!file.startsWith(path.resolve(BRAND_ASSETS) + path.sep)) return undefined;
    const bytes = await readFile(file).catch(() => undefined);
    return bytes ? { bytes, contentType: contentTypeOf(file) } : undefined;
  }
  return undefined;
}
