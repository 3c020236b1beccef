import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingEvents, bookingLegs, bookingPassengers, bookings, tickets } from '../../db/schema/index';
import { AppError } from '../../errors';

export type BookingRow = typeof bookings.$inferSelect;

/** A booking with everything the API shows of it. */
export interface FullBooking {
  booking: BookingRow;
  legs: (typeof bookingLegs.$inferSelect)[];
  passengers: (typeof bookingPassengers.$inferSelect)[];
  tickets: (typeof tickets.$inferSelect)[];
  events: (typeof bookingEvents.$inferSelect)[];
}

export interface FindBookingOptions {
  pnr: string;
  /** Only this user's booking is found: another user's PNR is simply not found. */
  userId: string;
  /** Lock the booking row (inside a transaction) for a status change. */
  forUpdate?: boolean;
}

/** The caller's booking by PNR, or NOT_FOUND (never another user's booking). */
export async function findBooking(db: Db, options: FindBookingOptions): Promise<BookingRow> {
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.pnr, options.pnr.toUpperCase()), eq(bookings.userId, options.userId)));
  const [booking] = options.forUpdate ? await query.for('update') : await query;
  if (!booking) throw new AppError('NOT_FOUND', `There is no booking ${options.pnr.toUpperCase()}.`);
  return booking;
}

/** Legs, passengers, tickets and history of a booking row. */
export async function loadBookingDetails(db: Db, booking: BookingRow): Promise<FullBooking> {
  const [legs, passengers, issued, events] = await Promise.all([
    db
      .select()
      .from(bookingLegs)
      .where(eq(bookingLegs.bookingId, booking.id))
      .orderBy(asc(bookingLegs.position)),
    db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, booking.id))
      .orderBy(asc(bookingPassengers.position)),
    db
      .select()
      .from(tickets)
      .where(eq(tickets.bookingId, booking.id))
      .orderBy(asc(tickets.segmentIndex), asc(tickets.ticketNumber)),
    db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, booking.id))
      .orderBy(asc(bookingEvents.id)),
  ]);
  return { booking, legs, passengers, tickets: issued, events };
}

/** The caller's booking by PNR with all its details. */
export async function findFullBooking(db: Db, options: FindBookingOptions): Promise<FullBooking> {
  return loadBookingDetails(db, await findBooking(db, options));
}
