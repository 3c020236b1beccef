import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { bookingLegs } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type Actor, recordBookingEvent } from '../../booking-records/change-booking-status';
import { type BookingRow, type BookingScope, findBooking } from '../../booking-records/find-booking';
import { supplierById } from '../../suppliers/configured-suppliers';
import { findOpenDisruption, type OpenDisruption } from './find-open-disruption';
import { resolveDisruption } from './resolve-disruption';

export interface AcceptDisruptionOptions {
  scope: BookingScope;
  pnr: string;
  by: Actor;
  /** Runs in the same transaction once accepted (the agent's audit entry). */
  afterAccept?: (tx: Db, booking: BookingRow, disruption: OpenDisruption) => Promise<void>;
}

/**
 * The traveller keeps the booking on the delayed or retimed flight: the disruption is answered
 * `accepted` with a history entry, and an outside supplier's order accepts the airline's change. A cancelled flight cannot be accepted (FLIGHT_CANCELLED).
 */
export async function acceptDisruption(db: Db, options: AcceptDisruptionOptions): Promise<string> {
  return db.transaction(async (tx) => {
    const booking = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate: true });
    const disruption = await findOpenDisruption(tx, booking.id);
    if (disruption.change === 'cancelled') {
      throw new AppError(
        'FLIGHT_CANCELLED',
        'This flight is cancelled: choose another flight or a full refund instead.',
        undefined,
        { flight_id: disruption.flightId },
      );
    }
    await resolveDisruption(tx, {
      bookingId: booking.id,
      disruptionId: disruption.id,
      resolution: 'accepted',
      by: options.by.name,
    });
    const time = disruption.newDepartureLocal
      ? ` (now leaving ${disruption.newDepartureLocal.replace('T', ' ')})`
      : '';
    // An outside supplier's order: the airline's change is accepted with the supplier too (Duffel's
    // airline-initiated changes); a supplier that fails answers 502 and nothing is recorded.
    const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, booking.id));
    for (const leg of legs) {
      const accept = supplierById(leg.supplier)?.acceptAirlineChanges;
      if (leg.supplierOrderId && accept)
        await accept(tx, { orderId: leg.supplierOrderId, brandId: booking.brandId });
    }
    await recordBookingEvent(
      tx,
      booking.id,
      booking.status,
      options.by,
      `Accepted the change of flight ${disruption.flightId}${time}`,
    );
    await options.afterAccept?.(tx, booking, disruption);
    return booking.id;
  });
}
