import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  type BookingStatusValue,
  bookingLegs,
  bookingPassengers,
  bookings,
  tickets,
} from '../../../db/schema/index';

export interface TicketListRow {
  ticketNumber: string;
  passengerId: string;
  segmentIndex: number;
  status: 'open' | 'void' | 'refunded' | 'exchanged';
  pnr: string;
  bookingStatus: BookingStatusValue;
  passengerName: string;
  route: string;
  departsAt: string;
  flight: string;
}

/** The user's tickets, newest booking first, each with its flight (at most `limit`). */
export async function listTickets(
  db: Db,
  options: { userId: string; limit?: number },
): Promise<TicketListRow[]> {
  const rows = await db
    .select({
      ticket: tickets,
      pnr: bookings.pnr,
      bookingStatus: bookings.status,
      passenger: bookingPassengers,
      bookingId: bookings.id,
    })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(bookingPassengers, eq(bookingPassengers.id, tickets.passengerId))
    .where(eq(bookings.userId, options.userId))
    .orderBy(desc(bookings.createdAt), asc(tickets.segmentIndex), asc(bookingPassengers.position))
    .limit(options.limit ?? 500);
  const ids = [...new Set(rows.map((r) => r.bookingId))];
  const legs = new Map<string, (typeof bookingLegs.$inferSelect)[]>();
  for (const id of ids) {
    legs.set(
      id,
      await db
        .select()
        .from(bookingLegs)
        .where(eq(bookingLegs.bookingId, id))
        .orderBy(asc(bookingLegs.position)),
    );
  }
  return rows.map(({ ticket, pnr, bookingStatus, passenger, bookingId }) => {
    const segment = (legs.get(bookingId) ?? []).flatMap((l) => l.offer.segments)[ticket.segmentIndex];
    return {
      ticketNumber: ticket.ticketNumber,
      passengerId: ticket.passengerId,
      segmentIndex: ticket.segmentIndex,
      status: ticket.status,
      pnr,
      bookingStatus,
      passengerName: `${passenger.title} ${passenger.firstName} ${passenger.lastName}`,
      route: segment ? `${segment.depart_code} → ${segment.dest_code}` : '',
      departsAt: segment?.depart_at ?? '',
      flight: segment?.flight_number ?? '',
    };
  });
}
