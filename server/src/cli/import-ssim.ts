import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/client';
import { importSsim } from '../domain/inventory/import-ssim';
import { SsimError } from '../domain/inventory/parse-ssim';
import { ConfigError, loadEnv } from '../env';
import { seedReferenceData } from '../seed/reference-data';

/** `npm run import:ssim -- FILE`: loads an SSIM Chapter 7 schedule file into the house inventory. */
async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: npm run import:ssim -- FILE.ssim');
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
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const started = Date.now();
    const summary = await importSsim(database.db, { text, onProgress: drawProgress });
    process.stderr.write('\n');
    console.log(
      [
        `Loaded ${file} in ${Date.now() - started} ms:`,
        `  records read:     ${summary.records}`,
        `  carriers:         ${summary.carriers.join(', ') || '(none)'}`,
        `  flight legs:      ${summary.legs} (${summary.inserted} new, ${summary.updated} updated)`,
        `  airports served:  ${summary.airports}`,
        `  period:           ${summary.firstDate ?? '-'} to ${summary.lastDate ?? '-'}`,
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    process.stderr.write('\n');
    if (error instanceof SsimError) {
      console.error(`${file}:${error.line}:${error.column}: ${error.problem}. Nothing was loaded.`);
      return 1;
    }
    throw error;
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
