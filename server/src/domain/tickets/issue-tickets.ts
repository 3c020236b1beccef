import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { airlines, bookingLegs, bookingPassengers, tickets } from '../../db/schema/index';
import { AppError } from '../../errors';
import { type Actor, changeBookingStatus } from '../bookings/change-booking-status';
import { creditMasterCommission } from '../sub-agents/credit-master-commission';
import { configuredSuppliers } from '../suppliers/configured-suppliers';
import { queueTicketEmail, type TicketLinks } from './queue-ticket-email';
import { ticketNumber } from './ticket-number';

/**
 * The lifecycle step "issue tickets" (spec §14): turns a paid booking's holds into sold seats with
 * each supplier, issues one ticket number per passenger per flight, marks the booking ticketed and
 * writes its e-ticket e-mail to the outbox (and credits a sub-agent's master their part): all in the caller's transaction (the payment's).
 */
export async function issueTickets(
  tx: Db,
  options: { bookingId: string; by: Actor; links: TicketLinks },
): Promise<void> {
  const legs = await tx
    .select()
    .from(bookingLegs)
    .where(eq(bookingLegs.bookingId, options.bookingId))
    .orderBy(asc(bookingLegs.position));
  const passengers = await tx
    .select({ id: bookingPassengers.id })
    .from(bookingPassengers)
    .where(eq(bookingPassengers.bookingId, options.bookingId))
    .orderBy(asc(bookingPassengers.position));
  for (const leg of legs) {
    const supplier = configuredSuppliers().find((s) => s.id === leg.supplier);
    if (!supplier)
      throw new AppError('OFFER_EXPIRED', `The supplier ${leg.supplier} is no longer configured.`);
    await supplier.issue(tx, { locator: leg.locator });
  }
  const segments = legs.flatMap((leg) => leg.offer.segments);
  const codes = await tx
    .select({ code: airlines.code, accountingCode: airlines.accountingCode })
    .from(airlines)
    .where(inArray(airlines.code, [...new Set(segments.map((s) => s.airline_code))]));
  const count = segments.length * passengers.length;
  const serials = await tx
    .select({ serial: sql<string>`nextval('ticket_serial_seq')::text` })
    .from(sql`generate_series(1, ${count})`);
  const numbers = serials.map((r) => Number(r.serial));
  let next = 0;
  const rows = segments.flatMap((segment, segmentIndex) =>
    passengers.map((passenger) => ({
      ticketNumber: ticketNumber(
        codes.find((c) => c.code === segment.airline_code)?.accountingCode,
        numbers[next++] ?? 0,
      ),
      bookingId: options.bookingId,
      passengerId: passenger.id,
      segmentIndex,
      status: 'open' as const,
    })),
  );
  if (rows.length > 0) await tx.insert(tickets).values(rows);
  await changeBookingStatus(tx, {
    bookingId: options.bookingId,
    from: ['paid'],
    to: 'ticketed',
    by: options.by,
    note: `${rows.length} ticket(s) issued`,
  });
  // A sub-agent's booking: the master's part, credited with the tickets (issue 21 §4).
  await creditMasterCommission(tx, options.bookingId);
  await queueTicketEmail(tx, { bookingId: options.bookingId, ...options.links, once: true });
}
