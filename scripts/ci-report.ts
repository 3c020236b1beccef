/**
 * CI's figures, read from the test runners' JSON reports (`.ci/run` writes them to .ci/reports/):
 *
 *   node scripts/ci-report.ts step <label> <report.json> [<vitest-file-times.json>]
 *     the step's test cases passed, failed and skipped, and its ten slowest files
 *     (`counts <label> <report.json>`: the first line alone);
 *   node scripts/ci-report.ts floor <.ci/test-floor.json> <report.json>...
 *     the distinct tests that ran in any of the reports, per runner, against the floor: fails when
 *     fewer ran than the floor holds (docs/ci.md#the-floor);
 *   node scripts/ci-report.ts listed <list.json>...
 *     the distinct tests of `vitest list --json` and `playwright test --list --reporter=json`
 *     outputs: how the floor was measured.
 *
 * A distinct test is its file (from the repository's root) and its full title; the engine
 * (PGlite, PostgreSQL) and the Playwright project (desktop, mobile) aside.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FileTime } from './vitest-file-times.ts';

type Runner = 'vitest' | 'playwright';
type Outcome = 'passed' | 'failed' | 'skipped';
interface Case {
  key: string;
  file: string;
  outcome: Outcome;
  /** Milliseconds, retries included. */
  duration: number;
}
interface Report {
  runner: Runner;
  cases: Case[];
}

interface VitestJson {
  testResults: Array<{
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: Array<{
      ancestorTitles: string[];
      title: string;
      status: string;
      duration?: number | null;
    }>;
  }>;
}
interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: Array<{
    title: string;
    file: string;
    tests: Array<{ status: string; results: Array<{ duration: number }> }>;
  }>;
  suites?: PlaywrightSuite[];
}
interface PlaywrightJson {
  config: { rootDir: string };
  suites: PlaywrightSuite[];
}

const root = process.cwd();
const relative = (file: string) => path.relative(root, path.resolve(root, file));

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function vitestOutcome(status: string): Outcome {
  if (status === 'passed') return 'passed';
  if (status === 'failed') return 'failed';
  return 'skipped';
}

/** Playwright: expected and flaky ran and passed, unexpected failed, skipped did not run. */
function playwrightOutcome(status: string): Outcome {
  if (status === 'expected' || status === 'flaky') return 'passed';
  if (status === 'unexpected') return 'failed';
  return 'skipped';
}

function playwrightCases(json: PlaywrightJson): Case[] {
  const cases: Case[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = relative(path.join(json.config.rootDir, spec.file));
      const key = `${file}\u0000${[...titles, spec.title].join(' > ')}`;
      for (const test of spec.tests)
        cases.push({
          key,
          file,
          outcome: playwrightOutcome(test.status),
          duration: test.results.reduce((sum, result) => sum + result.duration, 0),
        });
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the spec files, whose titles are their names: not part of a test's title.
  for (const suite of json.suites) walk(suite, []);
  return cases;
}

function vitestCases(json: VitestJson): Case[] {
  return json.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      key: `${relative(file.name)}\u0000${[...test.ancestorTitles, test.title].join(' > ')}`,
      file: relative(file.name),
      outcome: vitestOutcome(test.status),
      duration: test.duration ?? 0,
    })),
  );
}

function readReport(file: string): Report {
  const json = readJson(file) as Partial<VitestJson & PlaywrightJson>;
  if (json.testResults) return { runner: 'vitest', cases: vitestCases(json as VitestJson) };
  if (json.suites && json.config)
    return { runner: 'playwright', cases: playwrightCases(json as PlaywrightJson) };
  throw new Error(`${file} is neither a Vitest nor a Playwright JSON report`);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

function counts(cases: Case[]): Record<Outcome, number> {
  const result: Record<Outcome, number> = { passed: 0, failed: 0, skipped: 0 };
  for (const c of cases) result[c.outcome] += 1;
  return result;
}

function countLine(label: string, report: Report): string {
  const { passed, failed, skipped } = counts(report.cases);
  return (
    `${label}: ${report.cases.length} test cases: ${passed} passed, ${failed} failed, ${skipped} skipped` +
    ` (${new Set(report.cases.map((c) => c.file)).size} files)`
  );
}

function printStep(label: string, reportFile: string, fileTimesFile?: string): void {
  const report = readReport(reportFile);
  console.log(`\n${countLine(label, report)}`);
  if (fileTimesFile && existsSync(fileTimesFile)) {
    const times = (readJson(fileTimesFile) as FileTime[]).sort((a, b) => b.total - a.total).slice(0, 10);
    console.log(
      `${label}: the ten slowest test files (import: the file and the app; hooks: beforeAll/afterAll)`,
    );
    console.log(
      table(
        ['file', 'total', 'startup', 'import', 'hooks', 'tests'],
        times.map((t) =>
          [t.file, t.total, t.startup, t.import, t.hooks, t.tests].map((v) =>
            typeof v === 'number' ? seconds(v) : v,
          ),
        ),
      ),
    );
    return;
  }
  const perFile = new Map<string, { duration: number; tests: number }>();
  for (const c of report.cases) {
    const entry = perFile.get(c.file) ?? { duration: 0, tests: 0 };
    entry.duration += c.duration;
    if (c.outcome !== 'skipped') entry.tests += 1;
    perFile.set(c.file, entry);
  }
  const slowest = [...perFile].sort((a, b) => b[1].duration - a[1].duration).slice(0, 10);
  const what = report.runner === 'playwright' ? 'all projects and retries summed' : 'tests summed';
  console.log(`${label}: the ten slowest files (${what})`);
  console.log(
    table(
      ['file', 'time', 'tests run'],
      slowest.map(([file, entry]) => [file, seconds(entry.duration), String(entry.tests)]),
    ),
  );
}

interface Floor {
  vitest: number;
  playwright: number;
  /**
   * Tests that skip themselves on a condition the run cannot choose (the hour of the day), as
   * `file > full title`: one skipped in every step still counts toward the floor, and is named.
   */
  skippedByClock?: Record<string, string>;
}

function checkFloor(floorFile: string, reportFiles: string[]): boolean {
  const floor = readJson(floorFile) as Floor;
  const ran: Record<Runner, Set<string>> = { vitest: new Set(), playwright: new Set() };
  const seen: Record<Runner, Set<string>> = { vitest: new Set(), playwright: new Set() };
  for (const file of reportFiles) {
    if (!existsSync(file)) {
      console.log(`distinct tests: ${file} is missing (its step did not finish)`);
      continue;
    }
    const report = readReport(file);
    for (const c of report.cases) {
      seen[report.runner].add(c.key);
      if (c.outcome !== 'skipped') ran[report.runner].add(c.key);
    }
  }
  for (const runner of ['vitest', 'playwright'] as const) {
    for (const key of seen[runner]) {
      const reason = floor.skippedByClock?.[key.replace('\u0000', ' > ')];
      if (reason === undefined || ran[runner].has(key)) continue;
      console.log(`  counted though skipped by the clock (${reason}): ${key.replace('\u0000', ' > ')}`);
      ran[runner].add(key);
    }
  }
  let ok = true;
  console.log('\ndistinct tests that ran (file and full title, in any step, engine and project aside):');
  for (const runner of ['vitest', 'playwright'] as const) {
    const count = ran[runner].size;
    const below = count < floor[runner];
    if (below) ok = false;
    console.log(
      `  ${runner.padEnd(10)} ${String(count).padStart(5)}   floor ${floor[runner]}${below ? '   BELOW THE FLOOR' : ''}`,
    );
  }
  for (const runner of ['vitest', 'playwright'] as const) {
    const neverRan = [...seen[runner]].filter((key) => !ran[runner].has(key));
    for (const key of neverRan) console.log(`    skipped in every step: ${key.replace('\u0000', ' > ')}`);
  }
  if (!ok)
    console.log(
      'Fewer distinct tests ran than the floor in .ci/test-floor.json: a test was dropped or skipped.',
    );
  return ok;
}

/** `vitest list --json` gives [{ name, file }]; Playwright's `--list` gives its JSON report. */
function printListed(files: string[]): void {
  const keys: Record<Runner, Set<string>> = { vitest: new Set(), playwright: new Set() };
  for (const file of files) {
    const json = readJson(file);
    if (Array.isArray(json))
      for (const test of json as Array<{ name: string; file: string }>)
        keys.vitest.add(`${relative(test.file)}\u0000${test.name}`);
    else for (const c of playwrightCases(json as PlaywrightJson)) keys.playwright.add(c.key);
  }
  console.log(JSON.stringify({ vitest: keys.vitest.size, playwright: keys.playwright.size }));
}

const [command, ...args] = process.argv.slice(2);
if (command === 'step' && args[0] && args[1]) printStep(args[0], args[1], args[2]);
else if (command === 'counts' && args[0] && args[1]) console.log(countLine(args[0], readReport(args[1])));
else if (command === 'floor' && args[0]) process.exit(checkFloor(args[0], args.slice(1)) ? 0 : 1);
else if (command === 'listed') printListed(args);
else {
  console.error('usage: node scripts/ci-report.ts step <label> <report.json> [<file-times.json>]');
  console.error('       node scripts/ci-report.ts floor <test-floor.json> <report.json>...');
  console.error('       node scripts/ci-report.ts listed <list.json>...');
  process.exit(2);
}
