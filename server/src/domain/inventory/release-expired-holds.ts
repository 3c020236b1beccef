import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { flightSeats, type HeldSegment, seatHolds } from '../../db/schema/index';

/**
 * Gives back the seats of holds that lapsed without being issued and marks them expired.
 * Runs inside the caller's transaction; rows another transaction is releasing are skipped.
 * Returns how many holds were released.
 */
export async function releaseExpiredHolds(tx: Db, options: { now?: Date } = {}): Promise<number> {
  const expired = await tx
    .select()
    .from(seatHolds)
    .where(and(eq(seatHolds.status, 'held'), lt(seatHolds.expiresAt, options.now ?? new Date())))
    .for('update', { skipLocked: true });
  for (const hold of expired) {
    for (const segment of hold.segments) {
      await tx
        .update(flightSeats)
        .set({ held: sql`${flightSeats.held} - ${segment.seats}` })
        .where(seatRow(segment));
    }
    await tx
      .update(seatHolds)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(eq(seatHolds.locator, hold.locator));
  }
  return expired.length;
}

/** The seat row of a held segment. */
export function seatRow(segment: HeldSegment) {
  return and(
    eq(flightSeats.scheduleId, segment.scheduleId),
    eq(flightSeats.flightDate, segment.flightDate),
    eq(flightSeats.classCode, segment.classCode),
  );
}
