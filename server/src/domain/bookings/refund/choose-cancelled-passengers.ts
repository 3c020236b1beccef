import { AppError, invalidFields } from '../../../errors';
import type { FullBooking } from '../../booking-records/find-booking';

/** Who a cancellation covers: passengers' ids, and whether that is all still on the booking. */
export interface CancelledPart {
  passengerIds: string[];
  /** True when no passenger would be left: the booking is cancelled whole. */
  whole: boolean;
}

/**
 * The passengers a partial cancellation covers (docs/bookings.md#partial-cancellation): those asked for, plus
 * the lap infant of each adult among them (the n-th infant travels on the n-th adult's lap, by their order on
 * the booking: an agency cancels the infant's seat with the adult's, it never refuses). An id not on
 * the booking → 400 naming `passengers`; a passenger already cancelled → 409
 * CANCELLATION_NOT_ALLOWED; a child left with no adult → 409 CHILD_WITHOUT_ADULT. Also refused: more
 * infants left than adults (cannot happen when infants follow their adults, kept as a guard).
 */
export function chooseCancelledPassengers(full: FullBooking, requested: string[]): CancelledPart {
  const byId = new Map(full.passengers.map((p) => [p.id, p]));
  const unknown = requested.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw invalidFields({ passengers: `Not a passenger of this booking: ${unknown.join(', ')}.` });
  }
  const gone = cancelledPassengerIds(full);
  const already = requested.filter((id) => gone.has(id));
  if (already.length > 0) {
    const names = already.map((id) => nameOf(byId.get(id))).join(', ');
    throw new AppError('CANCELLATION_NOT_ALLOWED', `Already cancelled: ${names}.`);
  }
  const chosen = new Set(requested);
  const adults = full.passengers.filter((p) => p.type === 'adult');
  const infants = full.passengers.filter((p) => p.type === 'infant');
  adults.forEach((adult, rank) => {
    const infant = infants[rank];
    if (chosen.has(adult.id) && infant && !gone.has(infant.id)) chosen.add(infant.id);
  });
  const left = full.passengers.filter((p) => !gone.has(p.id) && !chosen.has(p.id));
  const count = (type: string) => left.filter((p) => p.type === type).length;
  if (left.length > 0 && count('adult') === 0) {
    if (count('child') > 0) {
      throw new AppError(
        'CHILD_WITHOUT_ADULT',
        `${left
          .filter((p) => p.type === 'child')
          .map(nameOf)
          .join(', ')} would travel without an adult: cancel the child too, or keep an adult on the booking.`,
      );
    }
  }
  if (count('infant') > count('adult')) {
    throw new AppError(
      'CHILD_WITHOUT_ADULT',
      'An infant travels on an adult’s lap: keep an adult for each infant, or cancel the infant too.',
    );
  }
  return {
    passengerIds: full.passengers.filter((p) => chosen.has(p.id)).map((p) => p.id),
    whole: left.length === 0,
  };
}

/** Passengers whose every ticket was refunded or voided (cancelled before, in part). */
export function cancelledPassengerIds(full: FullBooking): Set<string> {
  const open = new Set(full.tickets.filter((t) => t.status === 'open').map((t) => t.passengerId));
  const ticketed = new Set(full.tickets.map((t) => t.passengerId));
  return new Set(full.passengers.filter((p) => ticketed.has(p.id) && !open.has(p.id)).map((p) => p.id));
}

const nameOf = (p: FullBooking['passengers'][number] | undefined) =>
  p ? `${p.firstName} ${p.lastName}` : 'a passenger';
