import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airports, countries } from '../../db/schema/index';

/**
 * Field problems for airport codes and a nationality the database does not know, keyed by the
 * request's field path: `{ 'segments.1.dest_code': 'We do not know the airport XYZ…' }`.
 */
export async function checkSearchCodes(
  db: Db,
  options: { airports: { field: string; code: string }[]; nationality?: { field: string; code: string } },
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const codes = [...new Set(options.airports.map((a) => a.code))];
  const known = new Set(
    codes.length
      ? (await db.select({ code: airports.code }).from(airports).where(inArray(airports.code, codes))).map(
          (r) => r.code,
        )
      : [],
  );
  for (const { field, code } of options.airports) {
    if (!known.has(code)) fields[field] = `We do not know the airport ${code}. Choose one from the list.`;
  }
  if (options.nationality) {
    const { field, code } = options.nationality;
    const found = /^[A-Z]{2}$/.test(code)
      ? await db
          .select({ code: countries.code })
          .from(countries)
          .where(inArray(countries.code, [code]))
      : [];
    if (found.length === 0) fields[field] = 'Choose a nationality from the list.';
  }
  return fields;
}
