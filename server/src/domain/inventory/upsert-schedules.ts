import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fromExcluded } from '../../db/excluded';
import { flightSchedules } from '../../db/schema/index';

export type ScheduleRow = typeof flightSchedules.$inferInsert;

const BATCH = 200;

/**
 * Inserts schedules or updates them by their natural key, in batches, inside the caller's
 * transaction. `period: 'widen'` only ever widens an existing schedule's period (the demo seed);
 * `'replace'` takes the new end date (an import). Returns how many rows were new.
 */
export async function upsertSchedules(
  tx: Db,
  options: { rows: ScheduleRow[]; period: 'widen' | 'replace'; onBatch?: (done: number) => void },
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < options.rows.length; i += BATCH) {
    const written = await tx
      .insert(flightSchedules)
      .values(options.rows.slice(i, i + BATCH))
      .onConflictDoUpdate({
        target: flightSchedules.key,
        set: {
          ...fromExcluded(flightSchedules, [
            'origin',
            'destination',
            'originTimeZone',
            'destinationTimeZone',
            'departureMinutes',
            'arrivalMinutes',
            'arrivalDayOffset',
            'daysOfOperation',
            'aircraft',
            'seatsByClass',
          ]),
          effectiveFrom:
            options.period === 'widen'
              ? sql`least(${flightSchedules.effectiveFrom}, excluded.effective_from)`
              : sql`excluded.effective_from`,
          effectiveTo:
            options.period === 'widen'
              ? sql`greatest(${flightSchedules.effectiveTo}, excluded.effective_to)`
              : sql`excluded.effective_to`,
          updatedAt: sql`now()`,
        },
      })
      // xmax = 0 only for a freshly inserted row.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    inserted += written.filter((w) => w.inserted).length;
    options.onBatch?.(Math.min(i + BATCH, options.rows.length));
  }
  return inserted;
}
