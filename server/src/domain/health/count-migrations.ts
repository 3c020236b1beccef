import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, MIGRATIONS_FOLDER, queryRows } from '../../db/client';

/** How many migrations the code ships (the migrator's journal). */
export function countShippedMigrations(): number {
  return (
    JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;
}

/** How many migrations the database has applied (drizzle's own table). */
export async function countAppliedMigrations(db: Db): Promise<number> {
  const [row] = await queryRows<{ applied: number }>(
    db,
    sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
  );
  return row?.applied ?? 0;
}
