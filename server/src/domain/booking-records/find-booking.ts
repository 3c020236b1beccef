import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookingChangePayments,
  bookingDisruptions,
  bookingEvents,
  bookingLegs,
  bookingPassengers,
  bookings,
  flightDisruptions,
  tickets,
  users,
} from '../../db/schema/index';
import { AppError } from '../../errors';

export type BookingRow = typeof bookings.$inferSelect;

/** A flight disruption as it touches one booking: the flight's change and the booking's answer. */
export type BookingDisruptionRow = typeof flightDisruptions.$inferSelect &
  Pick<typeof bookingDisruptions.$inferSelect, 'resolution' | 'resolvedAt' | 'resolvedBy'>;

/** A booking with everything the API shows of it. */
export interface FullBooking {
  booking: BookingRow;
  legs: (typeof bookingLegs.$inferSelect)[];
  passengers: (typeof bookingPassengers.$inferSelect)[];
  tickets: (typeof tickets.$inferSelect)[];
  events: (typeof bookingEvents.$inferSelect)[];
  /** The agency's disruption notices about the booking's flights, with how each was answered. */
  disruptions: BookingDisruptionRow[];
  /** The latest date change a traveller started paying through a gateway, if any. */
  changePayment: ChangePaymentState | null;
}

/** Where a traveller's gateway-paid date change stands (`booking_change_payments`). */
export type ChangePaymentState = Pick<
  typeof bookingChangePayments.$inferSelect,
  'status' | 'gateway' | 'amount' | 'currency' | 'updatedAt'
>;

/**
 * Whose bookings a PNR is looked up among: one user's (the traveller or agent), an agent's and
 * their sub-agents' (`agentId`: what a master agent reads, docs/accounts.md#sub-agents), or a whole brand's
 * (its admins). A PNR outside the scope is simply not found.
 */
export type BookingScope = { userId: string } | { agentId: string } | { brandId: string };

/** The bookings an agent may read: their own and their sub-agents'. */
export const bookedByAgentOrSubAgents = (db: Db, agentId: string) =>
  or(
    eq(bookings.userId, agentId),
    inArray(bookings.userId, db.select({ id: users.id }).from(users).where(eq(users.masterAgentId, agentId))),
  );

/** The condition that keeps a query of bookings within the scope. */
export function bookingScopeCondition(db: Db, scope: BookingScope) {
  if ('userId' in scope) return eq(bookings.userId, scope.userId);
  if ('agentId' in scope) return bookedByAgentOrSubAgents(db, scope.agentId);
  return eq(bookings.brandId, scope.brandId);
}

export type FindBookingOptions = BookingScope & {
  pnr: string;
  /** Lock the booking row (inside a transaction) for a status change. */
  forUpdate?: boolean;
};

/** The booking by PNR within the scope, or NOT_FOUND (never one outside it). */
export async function findBooking(db: Db, options: FindBookingOptions): Promise<BookingRow> {
  const owner = bookingScopeCondition(db, options);
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.pnr, options.pnr.toUpperCase()), owner));
  const [booking] = options.forUpdate ? await query.for('update') : await query;
  if (!booking) throw new AppError('NOT_FOUND', 'There is no such booking.');
  return booking;
}

/** A booking by id (one just written), with everything the API shows of it; NOT_FOUND if gone. */
export async function findFullBookingById(db: Db, bookingId: string): Promise<FullBooking> {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new AppError('NOT_FOUND');
  return loadBookingDetails(db, row);
}

/** Legs, passengers, tickets and history of a booking row. */
export async function loadBookingDetails(db: Db, booking: BookingRow): Promise<FullBooking> {
  const [legs, passengers, issued, events, disruptions, changePayments] = await Promise.all([
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
    db
      .select({
        disruption: flightDisruptions,
        resolution: bookingDisruptions.resolution,
        resolvedAt: bookingDisruptions.resolvedAt,
        resolvedBy: bookingDisruptions.resolvedBy,
      })
      .from(bookingDisruptions)
      .innerJoin(flightDisruptions, eq(flightDisruptions.id, bookingDisruptions.disruptionId))
      .where(eq(bookingDisruptions.bookingId, booking.id))
      .orderBy(asc(flightDisruptions.createdAt)),
    db
      .select({
        status: bookingChangePayments.status,
        gateway: bookingChangePayments.gateway,
        amount: bookingChangePayments.amount,
        currency: bookingChangePayments.currency,
        updatedAt: bookingChangePayments.updatedAt,
      })
      .from(bookingChangePayments)
      .where(eq(bookingChangePayments.bookingId, booking.id))
      .orderBy(desc(bookingChangePayments.createdAt))
      .limit(1),
  ]);
  return {
    booking,
    legs,
    passengers,
    tickets: issued,
    events,
    disruptions: disruptions.map(({ disruption, ...answer }) => ({ ...disruption, ...answer })),
    changePayment: changePayments[0] ?? null,
  };
}

/** The booking by PNR within the scope, with all its details. */
export async function findFullBooking(db: Db, options: FindBookingOptions): Promise<FullBooking> {
  return loadBookingDetails(db, await findBooking(db, options));
}
