import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { airlines, bookingLegs, bookingPassengers, bookings, tickets } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type Actor, changeBookingStatus } from '../../booking-records/change-booking-status';
import { ticketNumber } from '../../booking-records/ticket-number';
import { queueBookingSms } from '../../sms/queue-booking-sms';
import { creditMasterCommission } from '../../sub-agents/credit-master-commission';
import { supplierById } from '../../suppliers/configured-suppliers';
import { type IssuedOrder, SupplierOrderFailed } from '../../suppliers/supplier';
import { refundBookingPayment } from '../refund/refund-booking-payment';
import { queueTicketEmail, type TicketLinks } from './queue-ticket-email';

/** Tickets issued, or the supplier's order failed after payment and the payment went back. */
export type IssueOutcome = { issued: true } | { issued: false; reason: string };

/**
 * The lifecycle step "issue tickets" (spec §14): turns a paid booking's holds into sold seats with
 * each supplier, issues one ticket number per passenger per flight, marks the booking ticketed and
 * writes its e-ticket e-mail to the outbox (and credits a sub-agent's master their part): all in
 * the caller's transaction (the payment's).
 *
 * An outside supplier orders here (Duffel: pays the hold order, or makes the instant order): its
 * order id and the airline's reference go on the leg, and its e-ticket numbers are the tickets'.
 * If it refuses or fails, the payment is refunded in the same transaction (the wallet credited, or
 * a gateway refund recorded for the refund job) and the booking is `refunded` with the reason.
 */
export async function issueTickets(
  tx: Db,
  options: { bookingId: string; by: Actor; links: TicketLinks },
): Promise<IssueOutcome> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, options.bookingId));
  if (!booking) throw new AppError('NOT_FOUND', 'There is no such booking.');
  const legs = await tx
    .select()
    .from(bookingLegs)
    .where(eq(bookingLegs.bookingId, options.bookingId))
    .orderBy(asc(bookingLegs.position));
  const passengers = await tx
    .select()
    .from(bookingPassengers)
    .where(eq(bookingPassengers.bookingId, options.bookingId))
    .orderBy(asc(bookingPassengers.position));
  const orders: (IssuedOrder | undefined)[] = [];
  for (const leg of legs) {
    const supplier = supplierById(leg.supplier);
    if (!supplier)
      throw new AppError('OFFER_EXPIRED', `The supplier ${leg.supplier} is no longer configured.`);
    try {
      const order = await supplier.issue(tx, {
        locator: leg.locator,
        offer: leg.offer,
        orderId: leg.supplierOrderId,
        travellers: passengers,
        contact: booking.contact,
        brandId: booking.brandId,
      });
      orders.push(order ?? undefined);
    } catch (error) {
      if (!(error instanceof SupplierOrderFailed)) throw error;
      await undoIssuedOrders(tx, legs, orders, booking.brandId);
      const reason = `The airline did not confirm the booking (${error.reason}: ${error.message}). Your payment is refunded.`;
      await refundBookingPayment(tx, booking, {
        amount: booking.amountDue,
        reason: 'The airline did not confirm the booking',
        automatic: true,
      });
      await changeBookingStatus(tx, {
        bookingId: booking.id,
        from: ['paid'],
        to: 'refunded',
        by: { name: leg.supplier },
        note: reason,
        set: { statusReason: reason },
      });
      return { issued: false, reason };
    }
  }
  for (const [position, order] of orders.entries()) {
    if (!order) continue;
    await tx
      .update(bookingLegs)
      .set({ supplierOrderId: order.orderId, airlineReference: order.airlineReference })
      .where(sql`${bookingLegs.bookingId} = ${options.bookingId} and ${bookingLegs.position} = ${position}`);
  }
  const segments = legs.flatMap((leg) => leg.offer.segments);
  const codes = await tx
    .select({ code: airlines.code, accountingCode: airlines.accountingCode })
    .from(airlines)
    .where(inArray(airlines.code, [...new Set(segments.map((s) => s.airline_code))]));
  // Serials only for the tickets Tikat numbers itself (the house inventory's).
  const count = legs.reduce(
    (n, leg, position) => n + (orders[position] ? 0 : leg.offer.segments.length * passengers.length),
    0,
  );
  const serials =
    count > 0
      ? await tx
          .select({ serial: sql<string>`nextval('ticket_serial_seq')::text` })
          .from(sql`generate_series(1, ${count})`)
      : [];
  const numbers = serials.map((r) => Number(r.serial));
  let next = 0;
  let segmentIndex = 0;
  const rows: (typeof tickets.$inferInsert)[] = [];
  for (const [position, leg] of legs.entries()) {
    const order = orders[position];
    for (const segment of leg.offer.segments) {
      for (const [n, passenger] of passengers.entries()) {
        // An outside supplier's e-ticket covers every flight of its order; none yet: not issued.
        const number = order
          ? order.ticketNumbers[n]
          : ticketNumber(
              codes.find((c) => c.code === segment.airline_code)?.accountingCode,
              numbers[next++] ?? 0,
            );
        if (number)
          rows.push({
            ticketNumber: number,
            bookingId: options.bookingId,
            passengerId: passenger.id,
            segmentIndex,
            status: 'open' as const,
          });
      }
      segmentIndex++;
    }
  }
  if (rows.length > 0) await tx.insert(tickets).values(rows);
  await changeBookingStatus(tx, {
    bookingId: options.bookingId,
    from: ['paid'],
    to: 'ticketed',
    by: options.by,
    note: `${rows.length} ticket(s) issued`,
  });
  // A sub-agent's booking: the master's part, credited with the tickets (docs/accounts.md#sub-agents).
  await creditMasterCommission(tx, options.bookingId);
  await queueTicketEmail(tx, { bookingId: options.bookingId, ...options.links, once: true });
  await queueBookingSms(tx, [{ bookingId: options.bookingId, kind: 'ticketed' }]);
  return { issued: true };
}

/**
 * A later leg's order failed after earlier legs were ordered: those orders are cancelled at the
 * supplier (its refund goes back to the agency's supplier balance), as far as the supplier answers.
 */
async function undoIssuedOrders(
  tx: Db,
  legs: (typeof bookingLegs.$inferSelect)[],
  orders: (IssuedOrder | undefined)[],
  brandId: string,
): Promise<void> {
  for (const [position, order] of orders.entries()) {
    const supplier = supplierById(legs[position]?.supplier ?? '');
    if (!order || !supplier?.quoteCancellation || !supplier.confirmCancellation) continue;
    try {
      const quote = await supplier.quoteCancellation(tx, { orderId: order.orderId, brandId });
      await supplier.confirmCancellation(tx, { cancellationId: quote.id, brandId });
    } catch {
      // Left for an operator: the failed booking's history names the airline's refusal.
    }
  }
}
