import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airports } from '../../db/schema/index';
import { forgetFlightNetwork } from '../flights/load-flight-network';
import { parseSsim, SsimError } from './parse-ssim';
import { upsertSchedules } from './upsert-schedules';

export interface ImportSsimOptions {
  text: string;
  /** Called as records are read and legs written: (done, total, phase). */
  onProgress?: (done: number, total: number, phase: 'reading' | 'writing') => void;
}

export interface ImportSsimSummary {
  records: number;
  carriers: string[];
  legs: number;
  inserted: number;
  updated: number;
  airports: number;
  firstDate: string | null;
  lastDate: string | null;
}

/**
 * Loads an SSIM file into the schedules, all or nothing: the file is parsed and every station
 * checked against the airports first, then all legs are upserted in one transaction (a leg is
 * identified by airline, flight number, itinerary variation, leg sequence and period start).
 * Local times are stored with the station's IANA zone from the airports table.
 */
export async function importSsim(db: Db, options: ImportSsimOptions): Promise<ImportSsimSummary> {
  const file = parseSsim(options.text, (done, total) => options.onProgress?.(done, total, 'reading'));
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
      throw new SsimError(leg.line, 37, `departure station ${leg.origin} is not a known airport`);
    if (!zones.has(leg.destination))
      throw new SsimError(leg.line, 55, `arrival station ${leg.destination} is not a known airport`);
  }
  const rows = file.legs.map((leg) => ({
    key: `ssim:${leg.airlineCode}-${leg.flightNumber}-${leg.itineraryVariation.trim() || '0'}-${leg.legSequence.trim() || '1'}-${leg.periodFrom}`,
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
  const inserted = await db.transaction((tx) =>
    upsertSchedules(tx, {
      rows,
      period: 'replace',
      onBatch: (done) => options.onProgress?.(done, rows.length, 'writing'),
    }),
  );
  forgetFlightNetwork(db);
  const dates = rows.flatMap((r) => [r.effectiveFrom, r.effectiveTo]).sort();
  return {
    records: file.records,
    carriers: file.carriers,
    legs: rows.length,
    inserted,
    updated: rows.length - inserted,
    airports: codes.length,
    firstDate: dates[0] ?? null,
    lastDate: dates.at(-1) ?? null,
  };
}
