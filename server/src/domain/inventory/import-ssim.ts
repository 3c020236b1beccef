import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airports } from '../../db/schema/index';
import { forgetFlightNetwork } from '../flight-engine/load-flight-network';
import { parseSsim, SsimError, type SsimProblem } from './parse-ssim';
import { upsertSchedules } from './upsert-schedules';

export interface ImportSsimOptions {
  text: string;
  /** Exact duplicate legs: left out with a warning (`skip`, the default) or refused (`refuse`). */
  duplicates?: 'skip' | 'refuse';
  /** Check and count everything, write nothing. */
  dryRun?: boolean;
  /** Called as records are read and legs written: (done, total, phase). */
  onProgress?: (done: number, total: number, phase: 'reading' | 'writing') => void;
}

export interface ImportSsimSummary {
  records: number;
  carriers: string[];
  /** Legs loaded (new + updated). */
  legs: number;
  inserted: number;
  updated: number;
  /** Exact duplicate legs left out. */
  skipped: number;
  warnings: SsimProblem[];
  airports: number;
  firstDate: string | null;
  lastDate: string | null;
  dryRun: boolean;
}

/** Thrown inside the transaction of a dry run so that it rolls back. */
class DryRunRollback extends Error {}

/**
 * Loads an SSIM file into the schedules, all or nothing: the file is parsed and every station
 * checked against the airports first (any error throws an SsimError listing every problem), then
 * all legs are upserted in one transaction, rolled back in a dry run. A leg is identified by
 * airline, flight number with its operational suffix, itinerary variation, leg sequence and period
 * start. Local times are stored with the station's IANA zone from the airports table.
 */
export async function importSsim(db: Db, options: ImportSsimOptions): Promise<ImportSsimSummary> {
  const file = parseSsim(options.text, {
    duplicates: options.duplicates ?? 'skip',
    onProgress: (done, total) => options.onProgress?.(done, total, 'reading'),
  });
  const problems = [...file.problems];
  const codes = [...new Set(file.legs.flatMap((leg) => [leg.origin, leg.destination]))];
  const zones = new Map(
    codes.length
      ? (
          await db
            .select({ code: airports.code, timeZone: airports.timeZone })
            .from(airports)
            .where(inArray(airports.code, codes))
        ).map((r) => [r.code, r.timeZone])
      : [],
  );
  for (const leg of file.legs) {
    if (!zones.has(leg.origin))
      problems.push({
        severity: 'error',
        line: leg.line,
        column: 37,
        problem: `departure station ${leg.origin} is not a known airport`,
      });
    if (!zones.has(leg.destination))
      problems.push({
        severity: 'error',
        line: leg.line,
        column: 55,
        problem: `arrival station ${leg.destination} is not a known airport`,
      });
  }
  problems.sort((a, b) => a.line - b.line || a.column - b.column);
  if (problems.some((p) => p.severity === 'error')) throw new SsimError(problems);

  const rows = file.legs.map((leg) => ({
    key: `ssim:${leg.key}`,
    source: 'ssim' as const,
    airlineCode: leg.airlineCode,
    flightNumber: leg.flightNumber,
    origin: leg.origin,
    destination: leg.destination,
    originTimeZone: zones.get(leg.origin) as string,
    destinationTimeZone: zones.get(leg.destination) as string,
    departureMinutes: leg.departureMinutes,
    arrivalMinutes: leg.arrivalMinutes,
    arrivalDayOffset: leg.arrivalDayOffset,
    daysOfOperation: leg.daysOfOperation,
    effectiveFrom: leg.periodFrom,
    effectiveTo: leg.periodTo,
    aircraft: leg.aircraft,
    seatsByClass: leg.seatsByClass,
  }));
  let inserted = 0;
  try {
    await db.transaction(async (tx) => {
      inserted = await upsertSchedules(tx, {
        rows,
        period: 'replace',
        onBatch: (done) => options.onProgress?.(done, rows.length, 'writing'),
      });
      if (options.dryRun) throw new DryRunRollback();
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  if (!options.dryRun) forgetFlightNetwork(db);
  const dates = rows.flatMap((r) => [r.effectiveFrom, r.effectiveTo]).sort();
  return {
    records: file.records,
    carriers: file.carriers,
    legs: rows.length,
    inserted,
    updated: rows.length - inserted,
    skipped: file.skipped,
    warnings: problems,
    airports: codes.length,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
    dryRun: options.dryRun ?? false,
  };
}
