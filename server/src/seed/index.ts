import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
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
  /**
   * The build of the code that seeds (the built server's BUILD_ID). Reference data already loaded
   * by the same build is not rebuilt from its sources and rewritten, which a restart on existing
   * data otherwise spends most of its time on. Without it (from source) it is always refreshed.
   */
  referenceDataVersion?: string | undefined;
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
  const reference = await seedReferenceDataOnce(db, options.referenceDataVersion);
  const demoBrandsCreated = options.demo ? await seedDemoBrands(db) : 0;
  const demoUsersCreated = options.demo ? await seedDemoUsers(db, options.passwordHashing) : 0;
  const demoSchedulesWritten = options.demo ? await seedDemoFlights(db) : 0;
  return { ...reference, demoBrandsCreated, demoUsersCreated, demoSchedulesWritten };
}

/** Marks the reference data with the build that loaded it (a comment on the airports table). */
const referenceMark = (version: string) => `tikat reference data ${version}`;

async function seedReferenceDataOnce(
  db: Db,
  version: string | undefined,
): Promise<Awaited<ReturnType<typeof seedReferenceData>>> {
  if (version) {
    const [loaded] = await queryRows<{
      mark: string | null;
      countries: number;
      airports: number;
      airlines: number;
    }>(
      db,
      sql`select obj_description('airports'::regclass, 'pg_class') as mark,
            (select count(*)::int from countries) as countries,
            (select count(*)::int from airports) as airports,
            (select count(*)::int from airlines) as airlines`,
    );
    if (loaded && loaded.mark === referenceMark(version)) {
      return { countries: loaded.countries, airports: loaded.airports, airlines: loaded.airlines };
    }
  }
  const reference = await seedReferenceData(db);
  // COMMENT takes no parameters; the version is the build's hex hash.
  if (version && /^[0-9a-f]+$/.test(version)) {
    await db.execute(sql.raw(`comment on table airports is '${referenceMark(version)}'`));
  }
  return reference;
}
