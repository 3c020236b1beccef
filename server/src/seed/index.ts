import type { Db } from '../db/client';
import type { PasswordHashingOptions } from '../domain/accounts/password-hasher';
import { seedDemoBrands } from './demo-brands';
import { seedDemoFlights } from './demo-flights';
import { seedDemoUsers } from './demo-users';
import { seedReferenceData } from './reference-data';

export interface SeedOptions {
  /** Load the demo brands, demo users and the demo year of flights. */
  demo: boolean;
  /** Argon2id cost for the demo users' password hash (the server's PASSWORD_HASH_* settings). */
  passwordHashing: PasswordHashingOptions;
}

export interface SeedSummary {
  countries: number;
  airports: number;
  airlines: number;
  demoBrandsCreated: number;
  demoUsersCreated: number;
  /** Demo schedules written (0 when the demo year was already in place). */
  demoSchedulesWritten: number;
}

/** Idempotent: reference data is refreshed, demo data is created only where missing. */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const reference = await seedReferenceData(db);
  const demoBrandsCreated = options.demo ? await seedDemoBrands(db) : 0;
  const demoUsersCreated = options.demo ? await seedDemoUsers(db, options.passwordHashing) : 0;
  const demoSchedulesWritten = options.demo ? await seedDemoFlights(db) : 0;
  return { ...reference, demoBrandsCreated, demoUsersCreated, demoSchedulesWritten };
}
