import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlightOffer } from '#shared/flights';
import { flightSchedules } from '../../db/schema/index';
import { type SsimLegFixture, ssimFile } from '../../test/ssim-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { dateOf, todayInNepal } from '../flight-engine/calendar';
import { importSsim } from './import-ssim';
import { SsimError } from './parse-ssim';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const MONTHS = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
function ssimDate(day: number): string {
  const date = dateOf(day);
  return `${date.slice(8, 10)}${MONTHS[Number(date.slice(5, 7)) - 1]}${date.slice(2, 4)}`;
}

const today = todayInNepal();
const leg = (overrides: Partial<SsimLegFixture> = {}): SsimLegFixture => ({
  airline: 'H9',
  flightNumber: 721,
  from: 'KTM',
  to: 'CAN',
  periodFrom: ssimDate(today),
  periodTo: ssimDate(today + 60),
  days: '1234567',
  departure: '1405',
  arrival: '2030',
  departureOffset: '+0545',
  arrivalOffset: '+0800',
  aircraft: '320',
  classes: 'CYML',
  configuration: 'C008Y150',
  ...overrides,
});
const sample = ssimFile('H9', [
  leg(),
  leg({
    flightNumber: 722,
    from: 'CAN',
    to: 'KTM',
    departure: '2130',
    arrival: '2330',
    departureOffset: '+0800',
    arrivalOffset: '+0545',
  }),
  leg({ flightNumber: 731, to: 'HKG', days: '1 3 5 7', departure: '0900', arrival: '1530' }),
]);

const countSsimSchedules = async () =>
  (
    await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(flightSchedules)
      .where(eq(flightSchedules.source, 'ssim'))
  )[0]?.n;

describe('importSsim', () => {
  it('loads the flight legs of an SSIM file, and a search then finds them', async () => {
    const summary = await importSsim(t.app.db, { text: sample });
    expect(summary).toMatchObject({ carriers: ['H9'], legs: 3, inserted: 3, updated: 0, airports: 3 });
    expect(summary.records).toBe(7);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/b2b/v2/flights/search',
      payload: {
        depart_code: 'KTM',
        dest_code: 'CAN',
        depart_date: dateOf(today + 2),
        nationality_code: 'NP',
      },
    });
    const offers: FlightOffer[] = response.json().data.legs[0].offers;
    const himalaya = offers.find((o) => o.segments[0]?.flight_number === 'H9 721');
    expect(himalaya?.segments[0]).toMatchObject({
      depart_at: `${dateOf(today + 2)}T14:05:00+05:45`,
      arrive_at: `${dateOf(today + 2)}T20:30:00+08:00`,
      aircraft: '320',
    });
    expect(offers.some((o) => o.segments[0]?.class_code === 'C' && o.segments[0]?.cabin === 'business')).toBe(
      true,
    );
  });

  it('is idempotent: loading the same file again updates the same legs', async () => {
    const summary = await importSsim(t.app.db, { text: sample });
    expect(summary).toMatchObject({ legs: 3, inserted: 0, updated: 3 });
    expect(await countSsimSchedules()).toBe(3);
  });

  it('names the line and column of a malformed record and loads nothing', async () => {
    const lines = ssimFile('QZ', [leg({ airline: 'QZ' }), leg({ airline: 'QZ', flightNumber: 9 })]).split(
      '\n',
    );
    const cases: [string, number, number][] = [
      [lines.map((l, i) => (i === 4 ? `${l.slice(0, 30)}x${l.slice(31)}` : l)).join('\n'), 5, 31],
      [lines.map((l, i) => (i === 3 ? l.slice(0, 150) : l)).join('\n'), 4, 151],
      [lines.map((l, i) => (i === 3 ? `${l.slice(0, 36)}QQQ${l.slice(39)}` : l)).join('\n'), 4, 37],
      [lines.map((l, i) => (i === 3 ? `${l.slice(0, 39)}2561${l.slice(43)}` : l)).join('\n'), 4, 40],
      [lines.map((l, i) => (i === 3 ? `9${l.slice(1)}` : l)).join('\n'), 4, 1],
    ];
    const before = await countSsimSchedules();
    for (const [text, line, column] of cases) {
      const error = await importSsim(t.app.db, { text }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SsimError);
      expect(error).toMatchObject({ line, column });
    }
    expect(await countSsimSchedules()).toBe(before);
  });
});

describe('npm run import:ssim', () => {
  const run = promisify(execFile);
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'tikat-ssim-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('prints a summary with its warnings, or every problem as file:line:column, and has a dry run', async () => {
    const good = path.join(folder, 'good.ssim');
    const bad = path.join(folder, 'bad.ssim');
    writeFileSync(good, sample);
    writeFileSync(bad, sample.replace('KTMCAN', 'KTMCAN').replace(/^3 H9 {2}722/m, '3 H9  72X'));
    const env = { ...process.env, DATA_DIR: path.join(folder, 'db'), DATABASE_URL: '', LOG_LEVEL: 'silent' };
    const cli = path.resolve(import.meta.dirname, '../../cli/import-ssim.ts');
    const ok = await run(process.execPath, ['--import', 'tsx', cli, good], { env });
    expect(ok.stdout).toContain('flight legs:      3 (3 new, 0 updated, 0 skipped)');
    expect(ok.stderr).toContain('100%');
    const failed = await run(process.execPath, ['--import', 'tsx', cli, bad], { env }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(failed).toMatchObject({ code: 1 });
    const stderr = (failed as { stderr: string }).stderr;
    expect(stderr).toContain(`${bad}:5:6: error: flight number " 72X" must be 1 to 4 digits`);
    expect(stderr).toContain(`${bad}: 1 error. Nothing was loaded.`);
    expect(stderr).not.toMatch(/\n\s+at /); // no stack trace

    const duplicates = path.resolve(
      import.meta.dirname,
      '../../test/fixtures/ssim/sample-with-duplicates.ssim',
    );
    const dryRun = await run(process.execPath, ['--import', 'tsx', cli, duplicates, '--dry-run'], { env });
    expect(dryRun.stdout).toContain('Checked (dry run, nothing written)');
    expect(dryRun.stdout).toContain('flight legs:      4 (4 new, 0 updated, 2 skipped)');
    expect(dryRun.stderr).toContain(
      `${duplicates}:13:2: warning: duplicate flight leg: the same record as line 11; skipped`,
    );
    const refused = await run(process.execPath, ['--import', 'tsx', cli, duplicates, '--duplicates=refuse'], {
      env,
    }).catch((e: { code: number; stderr: string }) => e);
    expect(refused).toMatchObject({ code: 1 });
    expect((refused as { stderr: string }).stderr).toContain(
      `${duplicates}:14:2: error: duplicate flight leg: the same record as line 12`,
    );
    const loaded = await run(process.execPath, ['--import', 'tsx', cli, duplicates], { env });
    expect(loaded.stdout).toContain('flight legs:      4 (4 new, 0 updated, 2 skipped)');
  }, 240_000);
});
