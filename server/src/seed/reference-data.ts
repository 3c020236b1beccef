import { sql } from 'drizzle-orm';
import { NEPALI_CITY_NAMES } from '#shared/nepal-city-names';
import { foldForSearch } from '#shared/text';
import type { Db } from '../db/client';
import { fromExcluded } from '../db/excluded';
import { airlines, airports, countries } from '../db/schema/index';
import { airlineRecords } from './data/airlines';
import countryNamesNe from './data/country-names-ne.json' with { type: 'json' };
import { worldAirports } from './data/world-airports';

export interface CountryRecord {
  code: string;
  name: string;
  nameNe: string | null;
  nationality: string;
  dialCode: string;
}

const nepaliCountryNames: Record<string, string> = countryNamesNe.names;

export async function buildCountryRecords(): Promise<CountryRecord[]> {
  // Read when the reference data is loaded (a new build), not at every start.
  const { default: worldCountries } = await import('world-countries');
  return worldCountries.map((entry) => {
    const suffixes = entry.idd.suffixes ?? [];
    const dialCode = entry.idd.root ? `${entry.idd.root}${suffixes.length === 1 ? suffixes[0] : ''}` : '';
    return {
      code: entry.cca2,
      name: entry.name.common,
      nameNe: nepaliCountryNames[entry.cca2] ?? null,
      nationality: entry.demonyms?.eng?.m || entry.name.common,
      dialCode,
    };
  });
}

export type AirportRecord = typeof airports.$inferInsert;

/**
 * World airports from the generated data set (OurAirports with zones from coordinates, Nepal's
 * airports as domain-nepal.md lists them: scripts/generate-airports.ts), with country names.
 */
export function buildAirportRecords(countryRecords: CountryRecord[]): AirportRecord[] {
  const byCode = new Map(countryRecords.map((c) => [c.code, c]));
  return worldAirports.map((airport) => ({
    ...airport,
    cityNe: NEPALI_CITY_NAMES[airport.code] ?? null,
    countryName: byCode.get(airport.countryCode)?.name ?? airport.countryCode,
    countryNameNe: byCode.get(airport.countryCode)?.nameNe ?? null,
    cityKey: foldForSearch(airport.city),
    nameKey: foldForSearch(airport.name),
  }));
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
  const countryRecords = await buildCountryRecords();
  const airportRecords = buildAirportRecords(countryRecords);
  await db.transaction(async (tx) => {
    for (const batch of chunks(countryRecords, 500)) {
      await tx
        .insert(countries)
        .values(batch)
        .onConflictDoUpdate({
          target: countries.code,
          set: fromExcluded(countries, ['name', 'nameNe', 'nationality', 'dialCode']),
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
              'cityNe',
              'countryCode',
              'countryName',
              'countryNameNe',
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
