import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { type Database, openDatabase } from '../db/client';
import { seedDatabase } from '../seed/index';

/** Cheap Argon2id parameters so tests stay fast (production uses the PASSWORD_HASH_* defaults). */
export const TEST_PASSWORD_HASHING = { memoryCost: 1024, timeCost: 1 };

/** Where the run's seeded template is (set by global-setup.ts): a PGlite dump file, a database name. */
export const PGLITE_TEMPLATE_ENV = 'TIKAT_TEST_PGLITE_TEMPLATE';
export const POSTGRES_TEMPLATE_ENV = 'TIKAT_TEST_POSTGRES_TEMPLATE';

/** The run's PGlite template, read once per test process. */
let pgliteTemplate: { file: string; dump: Blob } | undefined;
function pgliteTemplateDump(file: string): Blob {
  if (pgliteTemplate?.file !== file) pgliteTemplate = { file, dump: new Blob([readFileSync(file)]) };
  return pgliteTemplate.dump;
}

/**
 * A database of its own for one test file: in-memory PGlite by default, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a fresh database on it that `close()` drops.
 */
export async function createTestDatabase(
  options: { seed?: boolean } = {},
): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const seed = options.seed ?? true;
  const postgresTemplate = seed ? process.env[POSTGRES_TEMPLATE_ENV] : undefined;
  const pgliteTemplateFile = seed ? process.env[PGLITE_TEMPLATE_ENV] : undefined;
  let database: Database;
  let dropDatabase = async () => {};
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `tikat_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdminClient(serverUrl, (client) =>
      client.query(`create database ${name}${postgresTemplate ? ` template ${postgresTemplate}` : ''}`),
    );
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ databaseUrl, poolSize: 20 });
    dropDatabase = async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    };
  } else {
    database = await openDatabase({
      dataDir: 'memory://',
      ...(pgliteTemplateFile ? { pgliteDataDirDump: pgliteTemplateDump(pgliteTemplateFile) } : {}),
    });
  }
  const fromTemplate = Boolean(serverUrl ? postgresTemplate : pgliteTemplateFile);
  if (!fromTemplate) await migrateAndSeed(database, seed);
  const close = database.close;
  return {
    ...database,
    ...(databaseUrl ? { url: databaseUrl } : {}),
    close: async () => {
      await close();
      await dropDatabase();
    },
  };
}

/** Migrates, then seeds the demo data (with the tests' cheap password hashing) if asked. */
export async function migrateAndSeed(database: Database, seed: boolean): Promise<void> {
  await database.migrate();
  if (seed) await seedDatabase(database.db, { demo: true, passwordHashing: TEST_PASSWORD_HASHING });
}

export async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
