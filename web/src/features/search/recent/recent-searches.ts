import { browserStorage } from '../../../lib/browser-storage';
import { plannedLegs, readSearchQuery, type SearchQuery, writeSearchQuery } from '../search-url';

const RECENT_KEY = 'tikat.recentSearches';
const KEPT = 5;

/** The same trip (route, passengers and class) is one recent search, whatever the dates. */
const tripOf = (query: SearchQuery) =>
  JSON.stringify([
    query.trip,
    plannedLegs(query).map((leg) => [leg.from, leg.to]),
    query.adults,
    query.children,
    query.infants,
    query.cabin,
    query.nat,
  ]);

/** Keeps a search that ran (the newest first, one per trip, five at most) on this device. */
export function rememberSearch(query: SearchQuery): void {
  const link = writeSearchQuery(query).toString();
  const others = storedLinks().filter(
    (stored) => tripOf(readSearchQuery(new URLSearchParams(stored))) !== tripOf(query),
  );
  browserStorage.set(RECENT_KEY, JSON.stringify([link, ...others].slice(0, KEPT)));
}

/** The recent searches still ahead (a search whose first date has passed is not offered). */
export function recentSearches(today: string): SearchQuery[] {
  return storedLinks()
    .map((link) => readSearchQuery(new URLSearchParams(link)))
    .filter((query) => (plannedLegs(query)[0]?.date ?? '') >= today);
}

function storedLinks(): string[] {
  const stored = browserStorage.getJson<unknown>(RECENT_KEY);
  return Array.isArray(stored) ? stored.filter((link): link is string => typeof link === 'string') : [];
}
