import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flightSchedules } from '../../db/schema/index';
import { type SsimLegFixture, ssimFile } from '../../test/ssim-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { importSsim } from './import-ssim';
import { parseSsim, SsimError } from './parse-ssim';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) =>
  readFileSync(path.resolve(import.meta.dirname, '../../test/fixtures/ssim', name), 'latin1');

const schedulesOf = (airline: string) =>
  t.app.db
    .select()
    .from(flightSchedules)
    .where(like(flightSchedules.key, `ssim:${airline}-%`))
    .orderBy(flightSchedules.key);
const scheduleByKey = async (key: string) =>
  (await t.app.db.select().from(flightSchedules).where(eq(flightSchedules.key, key)))[0];
const countSchedules = async () =>
  (await t.app.db.select({ n: sql<number>`count(*)::int` }).from(flightSchedules))[0]?.n;

// A leg in September 2030, so that the dates and weekdays below are fixed: 02SEP30 is a Monday.
const leg = (overrides: Partial<SsimLegFixture> = {}): SsimLegFixture => ({
  airline: 'S7',
  flightNumber: 101,
  from: 'KTM',
  to: 'DEL',
  periodFrom: '02SEP30',
  periodTo: '29SEP30',
  days: '1 3 5  ',
  departure: '1000',
  arrival: '1145',
  departureOffset: '+0545',
  arrivalOffset: '+0530',
  aircraft: '320',
  classes: 'Y',
  configuration: 'Y150',
  ...overrides,
});

describe('importSsim on public airline samples (Gna.Iata, MIT)', () => {
  it('checks the whole of sample.ssim in a dry run without writing, then loads it whole: suffixes kept apart, next-day arrivals right', async () => {
    const text = fixture('sample.ssim');
    const before = await countSchedules();
    const dry = await importSsim(t.app.db, { text, dryRun: true });
    expect(dry).toMatchObject({
      dryRun: true,
      carriers: ['XX'],
      legs: 514,
      inserted: 514,
      updated: 0,
      skipped: 0,
    });
    expect(await countSchedules()).toBe(before);

    const summary = await importSsim(t.app.db, { text });
    expect(summary).toMatchObject({ records: 519, legs: 514, inserted: 514, updated: 0, skipped: 0 });
    expect(await schedulesOf('XX')).toHaveLength(514);
    // The file leaves the arrival date variation blank on its 74 next-day arrivals: each is
    // flagged by line and column 194, and read as arriving the next day.
    expect(summary.warnings).toHaveLength(74);
    expect(summary.warnings.every((w) => w.severity === 'warning' && w.column === 194)).toBe(true);
    expect(summary.warnings[0]).toMatchObject({ line: 12 });
    expect(summary.warnings[0]?.problem).toContain('departs 2330 +0300 and arrives 0230 +0400');

    // XX 42 DZA 23:30 (+03) → RUN 02:30 (+04) arrives the next day, after it departs.
    expect(await scheduleByKey('ssim:XX-42-01-01-2005-06-09')).toMatchObject({
      origin: 'DZA',
      destination: 'RUN',
      departureMinutes: 23 * 60 + 30,
      arrivalMinutes: 2 * 60 + 30,
      arrivalDayOffset: 1,
      daysOfOperation: '4',
      effectiveFrom: '2005-06-09',
      effectiveTo: '2005-06-09',
    });
    // Lines 348 and 349 differ only by operational suffix (A and B): two legs, not one.
    expect(await scheduleByKey('ssim:XX-777A-01-01-2005-05-27')).toMatchObject({
      flightNumber: '777A',
      origin: 'RUN',
      destination: 'DZA',
    });
    expect(await scheduleByKey('ssim:XX-777B-01-01-2005-05-27')).toMatchObject({
      flightNumber: '777B',
      origin: 'DZA',
      destination: 'RUN',
    });
    // So do lines 426 (XX 975 RUN–CDG) and 456 (XX 975Z ZSE–RUN), on the same first day.
    expect(await scheduleByKey('ssim:XX-975-01-01-2005-05-22')).toMatchObject({
      origin: 'RUN',
      arrivalDayOffset: 1,
    });
    expect(await scheduleByKey('ssim:XX-975Z-01-01-2005-05-22')).toMatchObject({
      origin: 'ZSE',
      arrivalDayOffset: 0,
    });
    // A three-leg flight keeps each leg; the second carrier block of the same airline loads too.
    expect(await scheduleByKey('ssim:XX-945-01-03-2005-06-14')).toMatchObject({
      origin: 'HAH',
      destination: 'MRS',
    });
    expect(await scheduleByKey('ssim:XX-974-01-01-2005-10-30')).toMatchObject({ aircraft: '772' });

    const again = await importSsim(t.app.db, { text });
    expect(again).toMatchObject({ legs: 514, inserted: 0, updated: 514 });
  });

  it('skips exact duplicate legs, naming their lines, where the old importer failed with a database error', async () => {
    const text = fixture('sample-with-duplicates.ssim');
    const summary = await importSsim(t.app.db, { text });
    expect(summary).toMatchObject({ legs: 4, skipped: 2 });
    const duplicates = summary.warnings.filter((w) => w.problem.startsWith('duplicate'));
    expect(duplicates).toEqual([
      {
        severity: 'warning',
        line: 13,
        column: 2,
        problem: 'duplicate flight leg: the same record as line 11; skipped',
      },
      {
        severity: 'warning',
        line: 14,
        column: 2,
        problem: 'duplicate flight leg: the same record as line 12; skipped',
      },
    ]);
  });

  it('refuses exact duplicates when asked to, listing both and loading nothing', async () => {
    await t.app.db.delete(flightSchedules).where(like(flightSchedules.key, 'ssim:XX-%'));
    const error = await importSsim(t.app.db, {
      text: fixture('sample-with-duplicates.ssim'),
      duplicates: 'refuse',
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsimError);
    const errors = (error as SsimError).problems.filter((p) => p.severity === 'error');
    expect(errors.map((p) => `${p.line}:${p.column}: ${p.problem}`)).toEqual([
      '13:2: duplicate flight leg: the same record as line 11',
      '14:2: duplicate flight leg: the same record as line 12',
    ]);
    expect(await schedulesOf('XX')).toHaveLength(0);
  });
});

describe('importSsim and Chapter 7', () => {
  it('keeps two legs that differ only by operational suffix apart, the suffix in the flight number', async () => {
    const summary = await importSsim(t.app.db, {
      text: ssimFile('S7', [leg(), leg({ operationalSuffix: 'A', departure: '1300', arrival: '1445' })]),
    });
    expect(summary).toMatchObject({ legs: 2, inserted: 2, skipped: 0, warnings: [] });
    const rows = await schedulesOf('S7');
    expect(rows.map((r) => [r.flightNumber, r.departureMinutes])).toEqual([
      ['101', 600],
      ['101A', 780],
    ]);
  });

  it('honours the date variations: next-day arrivals, and later legs that leave the day after the flight date', async () => {
    await importSsim(t.app.db, {
      text: ssimFile('S8', [
        leg({
          airline: 'S8',
          to: 'DXB',
          departure: '2300',
          arrival: '0145',
          arrivalOffset: '+0400',
          arrivalDateVariation: '1',
        }),
        leg({
          airline: 'S8',
          flightNumber: 102,
          from: 'DXB',
          to: 'LHR',
          departure: '0300',
          arrival: '0730',
          departureOffset: '+0400',
          arrivalOffset: '+0100',
          departureDateVariation: '1',
          arrivalDateVariation: '1',
        }),
      ]),
    });
    expect(await scheduleByKey('ssim:S8-101-01-01-2030-09-02')).toMatchObject({
      departureMinutes: 23 * 60,
      arrivalMinutes: 105,
      arrivalDayOffset: 1,
      daysOfOperation: '135',
      effectiveFrom: '2030-09-02',
    });
    // The flight date is Mon/Wed/Fri; this leg leaves Dubai on Tue/Thu/Sat.
    expect(await scheduleByKey('ssim:S8-102-01-01-2030-09-02')).toMatchObject({
      departureMinutes: 180,
      arrivalMinutes: 450,
      arrivalDayOffset: 0,
      daysOfOperation: '246',
      effectiveFrom: '2030-09-03',
      effectiveTo: '2030-09-30',
    });
  });

  it('reads the times of a carrier in time mode U as UTC', async () => {
    await importSsim(t.app.db, {
      text: ssimFile(
        'S9',
        [
          // 08:30 UTC is 14:15 in Kathmandu; 10:00 UTC is 15:30 in Delhi.
          leg({ airline: 'S9', departure: '0830', arrival: '1000' }),
          // 20:00 UTC on Monday is 01:45 on Tuesday in Kathmandu.
          leg({ airline: 'S9', flightNumber: 103, departure: '2000', arrival: '2130' }),
        ],
        { timeMode: 'U' },
      ),
    });
    expect(await scheduleByKey('ssim:S9-101-01-01-2030-09-02')).toMatchObject({
      departureMinutes: 14 * 60 + 15,
      arrivalMinutes: 15 * 60 + 30,
      arrivalDayOffset: 0,
      daysOfOperation: '135',
    });
    expect(await scheduleByKey('ssim:S9-103-01-01-2030-09-02')).toMatchObject({
      departureMinutes: 105,
      arrivalMinutes: 3 * 60,
      arrivalDayOffset: 0,
      daysOfOperation: '246',
      effectiveFrom: '2030-09-03',
      effectiveTo: '2030-09-30',
    });
  });

  it('reads arrival date variation A as the day before: east to west over the date line', async () => {
    // Tokyo 00:30 (+09) is 15:30 UTC the day before; Honolulu 12:30 (-10) on that day is 22:30 UTC.
    const file = parseSsim(
      ssimFile('T2', [
        leg({
          airline: 'T2',
          from: 'NRT',
          to: 'HNL',
          departure: '0030',
          arrival: '1230',
          departureOffset: '+0900',
          arrivalOffset: '-1000',
          arrivalDateVariation: 'A',
        }),
      ]),
    );
    expect(file.problems).toEqual([]);
    expect(file.legs[0]).toMatchObject({ departureMinutes: 30, arrivalMinutes: 750, arrivalDayOffset: -1 });
  });

  it('lists every problem of a file by line and column, among them a leg that arrives before it departs, and loads nothing', async () => {
    const before = await countSchedules();
    const error = await importSsim(t.app.db, {
      text: ssimFile('T1', [
        leg({ airline: 'T1', departure: '1000', arrival: '0900', arrivalDateVariation: '0' }),
        leg({ airline: 'T1', flightNumber: 102, departure: '2500' }),
        leg({ airline: 'T1', flightNumber: 103, arrivalDateVariation: 'X' }),
        leg({ airline: 'T1', flightNumber: 104, operationalSuffix: '1' }),
        leg({ airline: 'T1', flightNumber: 105, to: 'QQQ' }),
        leg({ airline: 'T1', flightNumber: 106 }),
        leg({ airline: 'T1', flightNumber: 106, aircraft: '321' }),
      ]),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SsimError);
    const problems = (error as SsimError).problems.map((p) => `${p.line}:${p.column}`);
    expect(problems).toEqual(['4:194', '5:40', '6:194', '7:2', '8:55', '10:2']);
    expect((error as SsimError).problems[0]?.problem).toContain('it arrives before it departs');
    expect((error as SsimError).problems.at(-1)?.problem).toContain(
      'already given on line 9 with different data',
    );
    expect(await countSchedules()).toBe(before);
  });
});
