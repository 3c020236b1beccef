import { existsSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { checkBooks } from '../domain/ledger/check-books';
import { ConfigError, loadEnv } from '../env';

const USAGE = 'Usage: npm run check:books [-- postgres://…/db | path/to/pglite-data]';

/**
 * `npm run check:books [-- DATABASE_URL | PGLITE_DATA_DIR]`: the books' consistency check over a
 * database (default: DATABASE_URL, else DATA_DIR, as the server would open it). Prints the
 * accounts' totals per currency and every problem; exits 1 when the books do not balance. Read-only
 * (it runs no migration).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length > 1 || args[0]?.startsWith('--')) {
    console.error(USAGE);
    return 2;
  }
  const target = args[0];
  const env = target ? undefined : loadEnv();
  const isUrl = target !== undefined && /^postgres(ql)?:\/\//.test(target);
  if (target && !isUrl && !existsSync(target)) {
    console.error(`No PGlite data folder at ${target}. ${USAGE}`);
    return 2;
  }
  const database = await openDatabase({
    databaseUrl: isUrl ? target : env?.DATABASE_URL,
    dataDir: (target && !isUrl ? target : env?.DATA_DIR) ?? './data/pglite',
    poolSize: 1,
  });
  try {
    const report = await checkBooks(database.db);
    const totals = new Map<string, number>();
    for (const account of report.accounts) {
      const kind = account.account.split(':')[0] ?? '';
      const key = `${account.currency} ${kind}`;
      totals.set(key, (totals.get(key) ?? 0) + account.balance);
    }
    console.log(`${report.journals} journals, ${report.lines} lines, ${report.accounts.length} accounts`);
    for (const [key, total] of totals) console.log(`  ${key.padEnd(14)} ${total}`);
    if (report.problems.length === 0) {
      console.log(
        'The books balance: every journal and every currency sums to zero; the gateway, VAT and agency-collected accounts match their payments, refunds, documents and date changes.',
      );
      return 0;
    }
    for (const problem of report.problems) console.error(problem);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(2);
  },
);
