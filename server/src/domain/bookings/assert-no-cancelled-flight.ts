import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLegs, flightDisruptions } from '../../db/schema/index';
import { AppError } from '../../errors';

/**
 * Refuses (FLIGHT_CANCELLED) to take payment for — and so to ticket — a booking that still flies
 * on a flight its agency marked cancelled. Once rebooked, the booking no longer flies on it.
 */
export async function assertNoCancelledFlight(
  db: Db,
  booking: { id: string; brandId: string },
): Promise<void> {
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
  if (cancelled) {
    throw new AppError(
      'FLIGHT_CANCELLED',
      `Flight ${cancelled.flightId} of this booking was cancelled, so it cannot be paid or ticketed. ` +
        'Choose another flight or a full refund on the booking page.',
      undefined,
      { flight_id: cancelled.flightId },
    );
  }
}
