import { eq } from 'drizzle-orm';
import { type SiteConfig, siteConfig } from '#shared/site-config';
import type { Db } from '../../db/client';
import { brandHosts, brands } from '../../db/schema/index';

export interface Brand {
  id: string;
  slug: string;
  config: SiteConfig;
}

interface Snapshot {
  byHost: Map<string, Brand>;
  bySlug: Map<string, Brand>;
  loadedAt: number;
}

/**
 * Resolves the brand of a request's host name. Brands change rarely and are read on every
 * request, so the directory keeps them in memory and reloads them after `ttlMs` (other instances
 * pick up an admin's change within that time) or at once after `invalidate()`.
 */
export class BrandDirectory {
  private snapshot: Snapshot | undefined;
  private loading: Promise<Snapshot> | undefined;

  constructor(
    private readonly db: Db,
    private readonly defaultSlug: string,
    private readonly ttlMs = 30_000,
  ) {}

  /** The brand claiming `host`, else the default brand, else undefined. */
  async resolve(host: string): Promise<Brand | undefined> {
    const snapshot = await this.current();
    return snapshot.byHost.get(normaliseHost(host)) ?? snapshot.bySlug.get(this.defaultSlug);
  }

  /** Whether a brand claims `host` itself (not merely served as the default brand). */
  async claimsHost(host: string): Promise<boolean> {
    return (await this.current()).byHost.has(normaliseHost(host));
  }

  invalidate(): void {
    this.snapshot = undefined;
  }

  private async current(): Promise<Snapshot> {
    if (this.snapshot && Date.now() - this.snapshot.loadedAt < this.ttlMs) return this.snapshot;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    this.snapshot = await this.loading;
    return this.snapshot;
  }

  private async load(): Promise<Snapshot> {
    const rows = await this.db
      .select({ id: brands.id, slug: brands.slug, siteConfig: brands.siteConfig, host: brandHosts.host })
      .from(brands)
      .leftJoin(brandHosts, eq(brandHosts.brandId, brands.id));
    const bySlug = new Map<string, Brand>();
    const byHost = new Map<string, Brand>();
    for (const row of rows) {
      let brand = bySlug.get(row.slug);
      if (!brand) {
        brand = { id: row.id, slug: row.slug, config: siteConfig.parse(row.siteConfig) };
        bySlug.set(row.slug, brand);
      }
      if (row.host) byHost.set(row.host, brand);
    }
    return { byHost, bySlug, loadedAt: Date.now() };
  }
}

/** Lower-case host name without port or trailing dot. */
export function normaliseHost(host: string): string {
  const withoutPort = host.startsWith('[')
    ? host.slice(0, host.indexOf(']') + 1)
    : (host.split(':')[0] ?? '');
  return withoutPort.toLowerCase().replace(/\.$/, '');
}
