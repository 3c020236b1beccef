import type { Db } from '../db/client';
import { seedDemoBrands } from './demo-brands';
import { seedReferenceData } from './reference-data';

export interface SeedOptions {
  /** Load the demo brands (and, with later issues, the demo flights and users). */
  demo: boolean;
}

export interface SeedSummary {
  countries: number;
  airports: number;
  airlines: number;
  demoBrandsCreated: number;
}

/** Idempotent: reference data is refreshed, demo data is created only where missing. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const reference = await seedReferenceData(db);
  const demoBrandsCreated = options.demo ? await seedDemoBrands(db) : 0;
  return { ...reference, demoBrandsCreated };
}
