import { and, asc, eq, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookings } from '../../../db/schema/index';
import { changeBookingStatus, SYSTEM } from '../../booking-records/change-booking-status';
import { releaseSupplierLegs } from '../../booking-records/release-supplier-legs';

/**
 * Releases the seats of held bookings whose hold lapsed and marks them expired, at most `limit`
 * per run. Safe in several instances at once: each run locks the bookings it takes with
 * `FOR UPDATE SKIP LOCKED`, so two runs never take the same booking, and a payment (which locks
 * the booking too) either wins before or finds it expired. Returns how many expired.
 */
export async function expireHeldBookings(
  db: Db,
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .select({ id: bookings.id, brandId: bookings.brandId })
      .from(bookings)
      .where(and(eq(bookings.status, 'held'), lt(bookings.expiresAt, options.now ?? new Date())))
      .orderBy(asc(bookings.expiresAt))
      .limit(options.limit ?? 100)
      .for('update', { skipLocked: true });
    for (const { id, brandId } of lapsed) {
      await releaseSupplierLegs(tx, { id, brandId });
      await changeBookingStatus(tx, {
        bookingId: id,
        from: ['held'],
        to: 'expired',
        by: SYSTEM,
        note: 'Not paid in time: the seats were released',
      });
    }
    return lapsed.length;
  });
}
