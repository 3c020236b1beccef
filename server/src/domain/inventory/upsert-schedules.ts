import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
          origin: sql`excluded.origin`,
          destination: sql`excluded.destination`,
          originTimeZone: sql`excluded.origin_time_zone`,
          destinationTimeZone: sql`excluded.destination_time_zone`,
          departureMinutes: sql`excluded.departure_minutes`,
          arrivalMinutes: sql`excluded.arrival_minutes`,
          arrivalDayOffset: sql`excluded.arrival_day_offset`,
          daysOfOperation: sql`excluded.days_of_operation`,
          effectiveFrom:
            options.period === 'widen'
              ? sql`least(${flightSchedules.effectiveFrom}, excluded.effective_from)`
              : sql`excluded.effective_from`,
          effectiveTo:
            options.period === 'widen'
              ? sql`greatest(${flightSchedules.effectiveTo}, excluded.effective_to)`
              : sql`excluded.effective_to`,
          aircraft: sql`excluded.aircraft`,
          seatsByClass: sql`excluded.seats_by_class`,
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
