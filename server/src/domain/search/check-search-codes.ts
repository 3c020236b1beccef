import type { Db } from '../../db/client';
import { loadFlightNetwork } from '../flight-engine/load-flight-network';

/**
 * Field problems for airport codes and a nationality the database does not know, keyed by the
 * request's field path: `{ 'segments.1.dest_code': 'We do not know the airport XYZ…' }`.
 * The codes come from the cached network, so this costs no query per search.
 */
export async function checkSearchCodes(
  db: Db,
  options: { airports: { field: string; code: string }[]; nationality?: { field: string; code: string } },
): Promise<Record<string, string>> {
  const { airportCodes, countryCodes } = await loadFlightNetwork(db);
  const fields: Record<string, string> = {};
  for (const { field, code } of options.airports) {
    if (!airportCodes.has(code))
      fields[field] = `We do not know the airport ${code}. Choose one from the list.`;
  }
  if (options.nationality && !countryCodes.has(options.nationality.code)) {
    fields[options.nationality.field] = 'Choose a nationality from the list.';
  }
  return fields;
}
