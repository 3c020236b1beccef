import { type AnyColumn, asc, inArray, sql } from 'drizzle-orm';
import type { SiteConfig } from '#shared/site-config';
import { foldForSearch } from '#shared/text';
import type { Db } from '../../db/client';
import { escapeLike } from '../../db/like-pattern';
import { airports } from '../../db/schema/index';

export type AirportRow = typeof airports.$inferSelect;

export interface SearchAirportsOptions {
  /** What the traveller typed: a code, a city or an airport name (prefix). */
  query: string;
  limit: number;
  /** The brand's own airports, ranked right after an exact code match. */
  brandConfig: Pick<SiteConfig, 'customAirportsData' | 'customAirportIncludeLists'>;
}

/** Codes of the brand's custom airports, then its include list, without repeats. */
export function brandAirportCodes(config: SearchAirportsOptions['brandConfig']): string[] {
  return [...new Set([...config.customAirportsData.map((a) => a.code), ...config.customAirportIncludeLists])];
}

const AIRPORT_SIZE_ORDER = sql`case ${airports.size} when 'large' then 0 when 'medium' then 1 else 2 end`;

/**
 * Nepali spellings people write both ways match each other: candrabindu and anusvara
 * (काठमाडौँ, काठमाडौं), ञ and न before a consonant (नेपालगञ्ज, नेपालगन्ज).
 */
const foldNepali = (text: string) => text.replace(/ँ/g, 'ं').replace(/ञ/g, 'न');
const foldedNepali = (column: AnyColumn) => sql`translate(${column}, 'ँञ', 'ंन')`;

/**
 * Airports matching a query, best first: the exact IATA code, then the brand's own airports,
 * then city prefix (in English or Nepali), then airport name prefix, then a word of the name or
 * the country (in English or Nepali). Nepal's airports win ties. An empty query lists the brand's own airports.
 */
export async function searchAirports(db: Db, options: SearchAirportsOptions): Promise<AirportRow[]> {
  const brandCodes = brandAirportCodes(options.brandConfig);
  const query = foldForSearch(options.query.replace(/\0/g, ''));
  if (!query) {
    if (brandCodes.length === 0) return [];
    const rows = await db.select().from(airports).where(inArray(airports.code, brandCodes));
    const byCode = new Map(rows.map((row) => [row.code, row]));
    return brandCodes.flatMap((code) => byCode.get(code) ?? []).slice(0, options.limit);
  }
  const code = query.toUpperCase();
  const prefix = `${escapeLike(query)}%`;
  const nepaliPrefix = `${escapeLike(foldNepali(query.normalize('NFC')))}%`;
  const wordPrefix = `% ${escapeLike(query)}%`;
  const brandCodeList = brandCodes.length
    ? sql.join(
        brandCodes.map((c) => sql`${c}`),
        sql`, `,
      )
    : sql`''`;
  const rank = sql<number>`case
      when ${airports.code} = ${code} then 0
      when ${airports.code} in (${brandCodeList}) then 1
      when ${airports.cityKey} like ${prefix} or ${foldedNepali(airports.cityNe)} like ${nepaliPrefix} then 2
      when ${airports.nameKey} like ${prefix} then 3
      else 4 end`;
  return db
    .select()
    .from(airports)
    .where(
      sql`${airports.code} = ${code}
        or ${airports.cityKey} like ${prefix}
        or ${airports.nameKey} like ${prefix}
        or ${airports.nameKey} like ${wordPrefix}
        or lower(${airports.countryName}) like ${prefix}
        or ${foldedNepali(airports.cityNe)} like ${nepaliPrefix}
        or ${foldedNepali(airports.countryNameNe)} like ${nepaliPrefix}`,
    )
    .orderBy(
      rank,
      sql`(${airports.countryCode} = 'NP') desc`,
      AIRPORT_SIZE_ORDER,
      asc(airports.city),
      asc(airports.name),
    )
    .limit(options.limit);
}
