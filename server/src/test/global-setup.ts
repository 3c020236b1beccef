import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client';
import { migrateAndSeed, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV, withAdminClient } from './test-database';

/**
 * Vitest's global setup: the suite's migrated and seeded database is built once per run, and
 * every test file's database starts as a copy of it (test-database.ts) instead of migrating and
 * seeding its own, which took about 2 s of each file's database (PGlite: 4 s with its cluster).
 * On PostgreSQL the copy is `create database … template`; on PGlite, a dump of the data folder.
 * Built from this checkout's migrations and seed at the start of each run, it is never stale.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `tikat_template_${process.pid}_${randomBytes(4).toString('hex')}`;
    await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    try {
      await migrateAndSeed(database, true);
    } finally {
      await database.close();
    }
    process.env[POSTGRES_TEMPLATE_ENV] = name;
    return async () => {
      await withAdminClient(serverUrl, (client) =>
        client.query(`drop database if exists ${name} with (force)`),
      );
    };
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  const folder = mkdtempSync(path.join(tmpdir(), 'tikat-test-template-'));
  try {
    await migrateAndSeed(database, true);
    const dump = await database.dumpDataDir?.();
    if (!dump) throw new Error('PGlite gave no dump of its data folder');
    const file = path.join(folder, 'seeded.tar');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    process.env[PGLITE_TEMPLATE_ENV] = file;
  } finally {
    await database.close();
  }
  return async () => {
    rmSync(folder, { recursive: true, force: true });
  };
}
