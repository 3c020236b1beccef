import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { airports, brands } from '../db/schema/index';
import { createTestDatabase, TEST_PASSWORD_HASHING } from '../test/test-database';
import { nepalAirports } from './data/nepal-airports';
import { seedDatabase } from './index';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const count = async (table: typeof airports | typeof brands) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;

describe('seedDatabase', () => {
  it("loads Nepal's domestic airports as domain-nepal.md lists them, Pokhara International included", async () => {
    const rows = await database.db.select().from(airports).where(eq(airports.countryCode, 'NP'));
    const byCode = new Map(rows.map((row) => [row.code, row]));
    for (const expected of nepalAirports) {
      expect(byCode.get(expected.code), expected.code).toMatchObject({
        icao: expected.icao,
        city: expected.city,
        latitude: expected.latitude,
        longitude: expected.longitude,
        timeZone: 'Asia/Kathmandu',
      });
    }
    expect(byCode.get('PHH')?.name).toBe('Pokhara International Airport');
  });

  it('loads thousands of world airports, each with a valid IANA time zone', async () => {
    const rows = await database.db
      .select({ code: airports.code, timeZone: airports.timeZone })
      .from(airports);
    expect(rows.length).toBeGreaterThan(4000);
    for (const { code, timeZone } of rows) {
      expect(() => new Intl.DateTimeFormat('en', { timeZone }), code).not.toThrow();
    }
    const hubs = await database.db
      .select()
      .from(airports)
      .where(sql`${airports.code} in ('DOH', 'IST', 'LHR', 'DXB')`);
    expect(Object.fromEntries(hubs.map((h) => [h.code, h.timeZone]))).toEqual({
      DOH: 'Asia/Qatar',
      IST: 'Europe/Istanbul',
      LHR: 'Europe/London',
      DXB: 'Asia/Dubai',
    });
    expect(hubs.find((h) => h.code === 'DOH')?.name).toBe('Hamad International Airport');
  });

  it('is idempotent and never overwrites a brand an admin has changed', async () => {
    const before = { airports: await count(airports), brands: await count(brands) };
    await database.db
      .update(brands)
      .set({ siteConfig: sql`jsonb_set(${brands.siteConfig}, '{displayName}', '"Renamed by admin"')` })
      .where(eq(brands.slug, 'sajilo'));

    const summary = await seedDatabase(database.db, { demo: true, passwordHashing: TEST_PASSWORD_HASHING });

    expect(summary.demoBrandsCreated).toBe(0);
    expect({ airports: await count(airports), brands: await count(brands) }).toEqual(before);
    const [sajilo] = await database.db.select().from(brands).where(eq(brands.slug, 'sajilo'));
    expect(sajilo?.siteConfig).toMatchObject({ displayName: 'Renamed by admin' });
  });

  it('reloads reference data once per build: a restart of the same build leaves it as it is', async () => {
    const seed = (referenceDataVersion: string) =>
      seedDatabase(database.db, {
        demo: true,
        passwordHashing: TEST_PASSWORD_HASHING,
        referenceDataVersion,
      });
    const nameOfKtm = async () =>
      (await database.db.select().from(airports).where(eq(airports.code, 'KTM')))[0]?.name;
    const original = await nameOfKtm();

    const first = await seed('0a1b2c3d');
    await database.db.update(airports).set({ name: 'Edited in the table' }).where(eq(airports.code, 'KTM'));
    const again = await seed('0a1b2c3d');
    expect(await nameOfKtm()).toBe('Edited in the table');
    expect(again.airports).toBe(first.airports);

    await seed('4e5f6a7b');
    expect(await nameOfKtm()).toBe(original);
  });

  it('loads no demo brand when demo data is off', async () => {
    const bare = await createTestDatabase({ seed: false });
    try {
      const summary = await seedDatabase(bare.db, { demo: false, passwordHashing: TEST_PASSWORD_HASHING });
      expect(summary.airports).toBeGreaterThan(4000);
      expect(await bare.db.select().from(brands)).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});
