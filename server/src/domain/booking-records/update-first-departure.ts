import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLegs, bookings } from '../../db/schema/index';

/**
 * After a leg moved to other flights: sets the booking's first departure from its legs as they
 * now stand, and returns those legs.
 */
export async function updateFirstDeparture(
  tx: Db,
  bookingId: string,
): Promise<(typeof bookingLegs.$inferSelect)[]> {
  const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, bookingId));
  const firstDeparture = Math.min(...legs.flatMap((l) => l.segmentFares.map((f) => Date.parse(f.departUtc))));
  await tx
    .update(bookings)
    .set({ firstDepartureAt: new Date(firstDeparture), updatedAt: sql`now()` })
    .where(eq(bookings.id, bookingId));
  return legs;
}
