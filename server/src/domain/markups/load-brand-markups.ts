import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { RecentReads } from '../../db/recent-reads';
import { markups } from '../../db/schema/index';
import { indexMarkups, type MarkupRule, type MarkupSet } from './apply-markups';

const ruleColumns = {
  id: markups.id,
  scope: markups.scope,
  origin: markups.origin,
  destination: markups.destination,
  airlineCode: markups.airlineCode,
  kind: markups.kind,
  value: markups.value,
  currency: markups.currency,
};

/** A brand's markup rules, read from the database now. */
async function readBrandMarkups(db: Db, brandId: string): Promise<MarkupSet> {
  const rules: MarkupRule[] = await db.select(ruleColumns).from(markups).where(eq(markups.brandId, brandId));
  return indexMarkups(rules);
}

/**
 * A brand's markups go through this cache: dropped at once when this process changes them
 * (`forgetBrandMarkups`); a change made by another instance is seen once the cached copy is
 * older than the reader accepts. Searches accept MARKUP_CACHE_MS; re-pricing before a hold
 * accepts PRICING_MARKUP_MAX_AGE_MS, so a booking made on another instance within a second of a
 * markup change may still be priced with the old one (the price the traveller was shown).
 */
export const MARKUP_CACHE_MS = 10_000;
export const PRICING_MARKUP_MAX_AGE_MS = 1_000;
const cache = new WeakMap<Db, RecentReads<string, MarkupSet>>();
const cacheOf = (db: Db) => {
  let reads = cache.get(db);
  if (!reads) {
    reads = new RecentReads();
    cache.set(db, reads);
  }
  return reads;
};

export function brandMarkups(db: Db, brandId: string, maxAgeMs: number): Promise<MarkupSet> {
  return cacheOf(db).get(brandId, maxAgeMs, () => readBrandMarkups(db, brandId));
}

export const searchBrandMarkups = (db: Db, brandId: string) => brandMarkups(db, brandId, MARKUP_CACHE_MS);

/** Drops the cached markups of a brand (after a create, change or delete). */
export function forgetBrandMarkups(db: Db, brandId: string): void {
  cache.get(db)?.forget(brandId);
}
