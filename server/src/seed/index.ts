import type { Db } from '../db/client';
import { seedDemoBrands } from './demo-brands';
import { seedDemoFlights } from './demo-flights';
import { seedReferenceData } from './reference-data';

export interface SeedOptions {
  /** Load the demo brands and the demo year of flights (and, with later issues, demo users). */
  demo: boolean;
}

export interface SeedSummary {
  countries: number;
  airports: number;
  airlines: number;
  demoBrandsCreated: number;
  /** Demo schedules written (0 when the demo year was already in place). */
  demoSchedulesWritten: number;
}

/** Idempotent: reference data is refreshed, demo data is created only where missing. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const reference = await seedReferenceData(db);
  const demoBrandsCreated = options.demo ? await seedDemoBrands(db) : 0;
  const demoSchedulesWritten = options.demo ? await seedDemoFlights(db) : 0;
  return { ...reference, demoBrandsCreated, demoSchedulesWritten };
}
