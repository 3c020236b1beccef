import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
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

/** A brand's markup rules, read from the database now (re-pricing before a hold uses this). */
export async function readBrandMarkups(db: Db, brandId: string): Promise<MarkupSet> {
  const rules: MarkupRule[] = await db.select(ruleColumns).from(markups).where(eq(markups.brandId, brandId));
  return indexMarkups(rules);
}

/**
 * Searches read a brand's markups once per search through this cache: dropped at once when this
 * process changes the brand's markups, at most MARKUP_CACHE_MS old for changes made by another
 * instance (whose holds still re-price against the database, answering PRICE_CHANGED).
 */
export const MARKUP_CACHE_MS = 10_000;
const cache = new WeakMap<Db, Map<string, { at: number; set: Promise<MarkupSet> }>>();

export function searchBrandMarkups(db: Db, brandId: string): Promise<MarkupSet> {
  let byBrand = cache.get(db);
  if (!byBrand) {
    byBrand = new Map();
    cache.set(db, byBrand);
  }
  const cached = byBrand.get(brandId);
  if (cached && Date.now() - cached.at < MARKUP_CACHE_MS) return cached.set;
  const set = readBrandMarkups(db, brandId);
  byBrand.set(brandId, { at: Date.now(), set });
  set.catch(() => byBrand.delete(brandId));
  return set;
}

/** Drops the cached markups of a brand (after a create, change or delete). */
export function forgetBrandMarkups(db: Db, brandId: string): void {
  cache.get(db)?.delete(brandId);
}
