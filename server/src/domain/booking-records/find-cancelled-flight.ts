import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLegs, flightDisruptions } from '../../db/schema/index';

/** The id of a flight the booking still flies on that its agency marked cancelled, or null. */
export async function findCancelledFlight(
  db: Db,
  booking: { id: string; brandId: string },
): Promise<string | null> {
  const [cancelled] = await db
    .select({ flightId: flightDisruptions.flightId })
    .from(flightDisruptions)
    .where(
      and(
        eq(flightDisruptions.brandId, booking.brandId),
        eq(flightDisruptions.change, 'cancelled'),
        sql`exists (
          select 1 from ${bookingLegs}, jsonb_array_elements(${bookingLegs.offer}->'segments') as segment
           where ${bookingLegs.bookingId} = ${booking.id}
             and regexp_replace(segment->>'flight_number', '\\s+', '', 'g') || '-' || left(segment->>'depart_at', 10)
                 = ${flightDisruptions.flightId})`,
      ),
    )
    .limit(1);
  return cancelled?.flightId ?? null;
}
