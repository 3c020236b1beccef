import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './server-process';

/**
 * A PostgreSQL cluster of the test's own (Debian's binaries: initdb into a temporary folder,
 * pg_ctl on a free loopback port), so a test may stop and start it without touching the
 * machine's shared server. As root, the binaries run as the `postgres` user (initdb refuses root).
 */
export interface OwnPostgres {
  /** `postgres://postgres@127.0.0.1:PORT/` + database. */
  urlOf(database: string): string;
  port: number;
  /** `pg_ctl stop -m immediate` (a crash: no checkpoint, clients cut off) or `fast`. */
  stop(mode?: 'immediate' | 'fast'): void;
  /** `pg_ctl start` (not waiting), then resolves once the server answers a query. */
  start(): Promise<void>;
  /** Stops the cluster (if running) and deletes its folder. */
  destroy(): void;
}

/** The newest `/usr/lib/postgresql/N/bin` with initdb and pg_ctl (or PG_BIN), if any. */
export function findPostgresBinaries(): string | undefined {
  const candidates = process.env.PG_BIN
    ? [process.env.PG_BIN]
    : existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : [];
  return candidates.find(
    (bin) => existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl')),
  );
}

function postgresUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** Whether `startOwnPostgres` can work here (binaries present; as root, a `postgres` user). */
export function canRunOwnPostgres(): boolean {
  if (!findPostgresBinaries()) return false;
  try {
    postgresUser();
    return true;
  } catch {
    return false;
  }
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = findPostgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql (set PG_BIN)');
  const owner = postgresUser();
  const folder = mkdtempSync(path.join(tmpdir(), 'tikat-pg-'));
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const dataDir = path.join(folder, 'data');
  const port = await freePort();
  const run = (program: string, args: string[]) => {
    const command = path.join(bin, program);
    const [file, argv] = owner ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: folder });
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${folder} -c max_connections=100 -c recovery_init_sync_method=syncfs`;
  let running = false;
  const cluster: OwnPostgres = {
    port,
    urlOf: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    start: async () => {
      run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(folder, 'server.log'), '-W', 'start']);
      running = true;
      await waitUntilAnswering(cluster.urlOf('postgres'));
    },
    stop: (mode = 'fast') => {
      run('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']);
      running = false;
    },
    destroy: () => {
      try {
        if (running) cluster.stop('immediate');
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

async function waitUntilAnswering(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Creates a database on a cluster and answers its URL. */
export async function createDatabaseOn(cluster: OwnPostgres, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.urlOf('postgres') });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return cluster.urlOf(name);
}
