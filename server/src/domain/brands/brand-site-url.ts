import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { brandHosts } from '../../db/schema/index';
import { normaliseHost } from './brand-directory';

/**
 * The host a brand's links and payment returns go to, among its own host names (brand_hosts):
 * the host the request arrived on when it is one of them, else PUBLIC_URL's host when it is one
 * of them, else the first of them (by name, as the console lists them). A brand with no host of
 * its own (only ever served as the default brand) gets PUBLIC_URL's host. Never another brand's
 * host: a request on brand A's host about brand B's booking gets brand B's.
 */
export function primaryBrandHost(hosts: readonly string[], publicUrl: string, requestHost?: string): string {
  const own = new Set(hosts.map(normaliseHost));
  const arrivedOn = requestHost === undefined ? undefined : normaliseHost(requestHost);
  if (arrivedOn && own.has(arrivedOn)) return arrivedOn;
  const publicHost = normaliseHost(new URL(publicUrl).host);
  if (own.has(publicHost)) return publicHost;
  return [...own].sort()[0] ?? publicHost;
}

/**
 * The base address of the site on `host`: PUBLIC_URL's scheme (https in production), its port
 * only where PUBLIC_URL has one (development), and its path, without a trailing slash.
 */
export function siteUrlOn(publicUrl: string, host: string): string {
  const url = new URL(publicUrl);
  url.hostname = host;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

export interface BrandSiteUrlOptions {
  brandId: string;
  /** PUBLIC_URL: the scheme (and development port) of every address, the host of last resort. */
  publicUrl: string;
  /** The host name the request arrived on, when there is a request (jobs have none). */
  requestHost?: string | undefined;
}

/**
 * The base address of a brand's site (`https://tickets.agency.com.np`), for the links in its
 * e-mails and its payments' return addresses: on its primary host (`primaryBrandHost`), read
 * from the database, so a job without a request gets it too. Pass the caller's transaction.
 */
export async function brandSiteUrl(db: Db, options: BrandSiteUrlOptions): Promise<string> {
  const rows = await db
    .select({ host: brandHosts.host })
    .from(brandHosts)
    .where(eq(brandHosts.brandId, options.brandId))
    .orderBy(asc(brandHosts.host));
  const host = primaryBrandHost(
    rows.map((row) => row.host),
    options.publicUrl,
    options.requestHost,
  );
  return siteUrlOn(options.publicUrl, host);
}
