import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findCancelledFlight } from './find-cancelled-flight';

/**
 * Refuses (FLIGHT_CANCELLED) to take payment for — and so to ticket — a booking that still flies
 * on a flight its agency marked cancelled. Once rebooked, the booking no longer flies on it.
 */
export async function assertNoCancelledFlight(
  db: Db,
  booking: { id: string; brandId: string },
): Promise<void> {
  const flightId = await findCancelledFlight(db, booking);
  if (flightId) {
    throw new AppError(
      'FLIGHT_CANCELLED',
      `Flight ${flightId} of this booking was cancelled, so it cannot be paid or ticketed. ` +
        'Choose another flight or a full refund on the booking page.',
      undefined,
      { flight_id: flightId },
    );
  }
}
