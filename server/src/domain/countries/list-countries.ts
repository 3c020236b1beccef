import type { Db } from '../../db/client';
import { countries } from '../../db/schema/index';

export type CountryRow = typeof countries.$inferSelect;

const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Every country, in English alphabetical order (the same on PGlite and PostgreSQL). */
export async function listCountries(db: Db): Promise<CountryRow[]> {
  const rows = await db.select().from(countries);
  return rows.sort((a, b) => byName.compare(a.name, b.name));
}
