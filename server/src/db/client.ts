import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { fromPglite, type ConstructorOptions as JobQueueOptions } from 'pg-boss';
import { MIGRATIONS_FOLDER } from '../app-files';
import * as schema from './schema/index';

/**
 * The database handle every domain function takes. A transaction handle has the same type, so
 * functions that must join a transaction simply receive it in place of the outer handle
 * (PGlite has one connection: using the outer handle inside a transaction would hang).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * Runs `work` in a transaction: the caller's when `db` already is one (no savepoint, one round
 * trip less each way), else a new one.
 */
export function inTransaction<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  const isTransaction = (db as unknown) instanceof PgTransaction;
  return isTransaction ? work(db) : db.transaction(work);
}

/**
 * The rows of a hand-written statement. Both drivers answer `{ rows }`; dates and timestamps
 * come back as text, so select them as what the caller needs (`::text`, epoch numbers).
 */
export async function queryRows<Row>(db: Db, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** Applies pending migrations from the one migrations folder. */
  migrate(): Promise<void>;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * How the job queue (pg-boss, jobs/job-queue.ts) reaches this database: PGlite's one connection
   * through pg-boss's adapter, or a small pool of its own on PostgreSQL (with one connection kept
   * for LISTEN, so a job sent is taken at once).
   */
  jobQueueConnection: Pick<JobQueueOptions, 'db' | 'backend' | 'connectionString' | 'max'>;
  /** Connections of the pool now (PGlite: its one connection). */
  poolUsage(): { total: number; idle: number; waiting: number; max: number };
  /** PGlite only: a copy of its data folder (a tar), which `pgliteDataDirDump` starts from. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export { MIGRATIONS_FOLDER } from '../app-files';

export interface DatabaseOptions {
  /** `postgres://…`; when absent, PGlite is used. */
  databaseUrl?: string | undefined;
  /** PGlite folder, or `memory://` for a throw-away in-memory database. */
  dataDir?: string;
  /**
   * An in-memory PGlite starts from this copy of a data folder (`dumpDataDir`) instead of an
   * empty cluster: the test suite's migrated and seeded template (server/src/test/global-setup.ts).
   */
  pgliteDataDirDump?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://', options.pgliteDataDirDump);
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // While the server is unreachable a request fails (503) instead of waiting for a connection.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A connection lost while the server restarts must not crash the process. The pool listens on
  // idle clients only; a client checked out (inside a transaction, between two queries) emits
  // its error with nobody listening, which Node turns into an uncaught exception. The failed
  // query rejects, the transaction answers 503, and the pool discards the broken client.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    jobQueueConnection: { connectionString: url, max: 3 },
    migrate: () => migratePostgresOnce(pool),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    poolUsage: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: poolSize,
    }),
    close: () => pool.end(),
  };
}

/** Several instances may start at once: an advisory lock lets one migrate while the others wait. */
async function migratePostgresOnce(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
    client.release();
  }
}

const MIGRATION_LOCK_KEY = 7_384_021;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * PGlite's own start parameters plus smaller buffers. The defaults are sized for a server of its
 * own (128 MB shared buffers, 4 MB of WAL buffers), which an embedded database whose whole demo
 * data set is about 40 MB fills with pages it rarely reads again; 16 MB keeps every hot table
 * (flights, fares, seats) cached.
 */
const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'wal_buffers=1MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/**
 * PGlite is PostgreSQL compiled to WebAssembly. V8 first compiles it with its baseline compiler
 * (Liftoff), then recompiles the functions that run often with its optimizing one (TurboFan) on
 * background threads; those compilations of PostgreSQL's large functions left the process 300 to
 * 500 MB larger (PGlite alone after the same queries: 450–650 MB RSS instead of about 160 MB) for
 * no query speed we could measure. Set before PGlite compiles its module; V8 reads them at compile time.
 */
function keepWasmOnBaselineCompiler(): void {
  v8.setFlagsFromString('--liftoff');
  v8.setFlagsFromString('--no-wasm-tier-up');
  v8.setFlagsFromString('--no-wasm-dynamic-tiering');
}

async function openPglite(dataDir: string, dataDirDump?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://');
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    keepWasmOnBaselineCompiler();
    const options = {
      startParams: PGLITE_START_PARAMS,
      ...(inMemory && dataDirDump ? { loadDataDir: dataDirDump } : {}),
    };
    client = inMemory ? new PGlite(options) : new PGlite(dataDir, options);
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    jobQueueConnection: { db: fromPglite(client), backend: 'pglite' },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    poolUsage: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * Two processes must never open the same PGlite folder: the second one would corrupt it.
 * A lock file holding the owner's pid guards the folder; a stale lock (dead pid) is taken over.
 * (docs/decisions/0001-pglite-embedded-default.md)
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(path.resolve(dataDir), '..', `${path.basename(dataDir)}.lock`);
  if (existsSync(lockPath)) {
    const owner = Number(readFileSync(lockPath, 'utf8').trim());
    if (owner && owner !== process.pid && isAlive(owner)) {
      throw new Error(
        `The database folder ${dataDir} is in use by process ${owner}. ` +
          'Stop that process, or set DATA_DIR to another folder (or DATABASE_URL to a PostgreSQL server).',
      );
    }
    rmSync(lockPath, { force: true });
  }
  const fd = openSync(lockPath, 'wx');
  writeFileSync(fd, String(process.pid));
  closeSync(fd);
  return () => rmSync(lockPath, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
