import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { importSsim } from '../domain/inventory/import-ssim';
import { SsimError, type SsimProblem } from '../domain/inventory/parse-ssim';
import { ConfigError, loadEnv } from '../env';
import { seedReferenceData } from '../seed/reference-data';

const USAGE = 'Usage: npm run import:ssim -- FILE.ssim [--dry-run] [--duplicates=skip|refuse]';

/**
 * `npm run import:ssim -- FILE [--dry-run] [--duplicates=skip|refuse]`: loads an SSIM Chapter 7
 * schedule file into the house inventory, in one transaction. Every problem is printed as
 * `FILE:line:column: error|warning: rule`; any error loads nothing.
 */
async function main(): Promise<number> {
  let file: string | undefined;
  let dryRun = false;
  let duplicates: 'skip' | 'refuse' = 'skip';
  for (const arg of process.argv.slice(2)) {
    if (arg === '--dry-run') dryRun = true;
    else if (arg === '--duplicates=skip' || arg === '--duplicates=refuse')
      duplicates = arg.slice('--duplicates='.length) as 'skip' | 'refuse';
    else if (!arg.startsWith('--') && !file) file = arg;
    else {
      console.error(`Unknown argument ${arg}. ${USAGE}`);
      return 2;
    }
  }
  if (!file) {
    console.error(USAGE);
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'latin1');
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2 });
  const printProblems = (problems: SsimProblem[]) => {
    for (const p of problems) console.error(`${file}:${p.line}:${p.column}: ${p.severity}: ${p.problem}`);
  };
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const started = Date.now();
    const summary = await importSsim(database.db, { text, duplicates, dryRun, onProgress: drawProgress });
    process.stderr.write('\n');
    printProblems(summary.warnings);
    console.log(
      [
        `${dryRun ? 'Checked (dry run, nothing written)' : 'Loaded'} ${file} in ${Date.now() - started} ms:`,
        `  records read:     ${summary.records}`,
        `  carriers:         ${summary.carriers.join(', ') || '(none)'}`,
        `  flight legs:      ${summary.legs} (${summary.inserted} new, ${summary.updated} updated, ${summary.skipped} skipped)`,
        `  warnings:         ${summary.warnings.length}`,
        `  airports served:  ${summary.airports}`,
        `  period:           ${summary.firstDate ?? '-'} to ${summary.lastDate ?? '-'}`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    process.stderr.write('\n');
    if (error instanceof SsimError) {
      printProblems(error.problems);
      const errors = error.problems.filter((p) => p.severity === 'error').length;
      console.error(`${file}: ${errors} error${errors === 1 ? '' : 's'}. Nothing was loaded.`);
      return 1;
    }
    console.error(`${file}: the import failed (${(error as Error).message}). Nothing was loaded.`);
    return 1;
  } finally {
    await database.close();
  }
}

let lastDrawn = '';
function drawProgress(done: number, total: number, phase: 'reading' | 'writing'): void {
  const width = 30;
  const share = total ? done / total : 1;
  const filled = Math.round(share * width);
  const line = `${phase.padEnd(7)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(share * 100)}% ${done}/${total}`;
  if (line === lastDrawn) return;
  lastDrawn = line;
  process.stderr.write(`\r${line}`);
}

main().then(
  (code) => process.exit(code),
  (error) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
