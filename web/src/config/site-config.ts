import { assetAddress } from '#shared/asset-address';
import type { PublicSiteConfig } from '#shared/site-config';
import { apiGet } from '../lib/api-client';

/**
 * The brand's public configuration. The server writes it into index.html (no round trip);
 * under the Vite dev server it is fetched from the API instead.
 */
export async function loadSiteConfig(): Promise<PublicSiteConfig> {
  const embedded = document.getElementById('site-config')?.textContent;
  if (embedded) {
    // Written by the server from a configuration it validated; zod stays out of the bundle.
    const parsed = JSON.parse(embedded) as PublicSiteConfig;
    if (parsed && typeof parsed.displayName === 'string' && typeof parsed.stateName === 'string')
      return parsed;
  }
  const config = await apiGet<PublicSiteConfig>('/site-config');
  applyBrandToDocument(config);
  return config;
}

/** Title, description, favicon and colours, for when the server did not write them in. */
function applyBrandToDocument(config: PublicSiteConfig): void {
  document.title = config.seoTitle || `${config.displayName} | Search the most affordable flights in Nepal`;
  const link = document.createElement('link');
  link.rel = 'icon';
  link.href = assetUrl(config, config.favicon);
  document.head.append(link);
  const root = document.documentElement.style;
  root.setProperty('--brand-primary', config.colours.primary);
  root.setProperty('--brand-primary-contrast', config.colours.primaryContrast);
  root.setProperty('--brand-accent', config.colours.accent);
}

/** Absolute address of one of the brand's assets. */
export function assetUrl(config: PublicSiteConfig, name: string): string {
  return assetAddress(config, name);
}
