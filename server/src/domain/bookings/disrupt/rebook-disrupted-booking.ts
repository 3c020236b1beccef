import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { airlines, bookingLegs, tickets } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type AuditActor, recordAudit } from '../../audit/record-audit';
import { type Actor, recordBookingEvent } from '../../booking-records/change-booking-status';
import { type BookingScope, findBooking, loadBookingDetails } from '../../booking-records/find-booking';
import { flightIdOf } from '../../booking-records/flight-id';
import { ticketNumber } from '../../booking-records/ticket-number';
import { updateFirstDeparture } from '../../booking-records/update-first-departure';
import { supplierOffer } from '../../markups/apply-markups';
import type { OutboxJobs } from '../../outbox/outbox-jobs';
import { configuredSuppliers } from '../../suppliers/configured-suppliers';
import { queueTicketEmail, type TicketLinks } from '../issue/queue-ticket-email';
import { findOpenDisruption } from './find-open-disruption';
import { listRebookingOptions } from './list-rebooking-options';
import { resolveDisruption } from './resolve-disruption';

export interface RebookDisruptedBookingOptions {
  scope: BookingScope;
  pnr: string;
  /** One of `listRebookingOptions`' offers. */
  offerId: string;
  by: Actor;
  /** How long a held booking's new seats stay held when its old hold had no end (minutes). */
  holdMinutes: number;
  /** Where the reissued e-ticket e-mail's links point (no e-mail without them). */
  links?: TicketLinks;
  /** Asked for the e-mail delivery after the commit. */
  jobs: OutboxJobs;
  /** The agency's staff member acting for the traveller: the change is audited in its transaction. */
  audit?: AuditActor | undefined;
}

/**
 * Moves the disrupted leg of a booking to another flight of the same route within 3 days, at no
 * cost, in one transaction: the new seats held with the supplier (SOLD_OUT if they are gone), the
 * old ones released, the leg rewritten with the new flights at the price paid, and — for a
 * ticketed booking — the new seats issued and the leg's tickets reissued under new numbers.
 * The booking's price, payment and status do not change. Answers the disruption `rebooked`.
 */
export async function rebookDisruptedBooking(
  db: Db,
  options: RebookDisruptedBookingOptions,
): Promise<string> {
  const booking = await findBooking(db, { ...options.scope, pnr: options.pnr });
  const disruption = await findOpenDisruption(db, booking.id);
  const full = await loadBookingDetails(db, booking);
  const rebooking = await listRebookingOptions(db, full, disruption);
  const chosen = rebooking.offers.find((o) => o.engine.id === options.offerId);
  if (!chosen) throw new AppError('REBOOKING_NOT_ALLOWED');
  if (!['held', 'paid', 'ticketed'].includes(booking.status)) throw new AppError('NO_OPEN_DISRUPTION');

  const bookingId = await db.transaction(async (tx) => {
    const locked = await findBooking(tx, { ...options.scope, pnr: options.pnr, forUpdate: true });
    const open = await findOpenDisruption(tx, locked.id);
    if (open.id !== disruption.id) throw new AppError('NO_OPEN_DISRUPTION');
    const [leg] = await tx
      .select()
      .from(bookingLegs)
      .where(and(eq(bookingLegs.bookingId, locked.id), eq(bookingLegs.position, rebooking.legPosition)));
    const supplier = configuredSuppliers().find((s) => s.id === chosen.engine.supplier);
    if (!leg || !supplier) throw new AppError('REBOOKING_NOT_ALLOWED');
    const paid = locked.status === 'paid' || locked.status === 'ticketed';
    // A paid booking's new hold is issued at once; a held one keeps its payment deadline.
    const expiresAt =
      !paid && locked.expiresAt ? locked.expiresAt : new Date(Date.now() + options.holdMinutes * 60_000);
    const [outcome] = await supplier.holdMany(tx, [{ offers: [supplierOffer(chosen.engine)], expiresAt }]);
    const hold = outcome && 'holds' in outcome ? outcome.holds[0] : undefined;
    if (!hold) throw new AppError('SOLD_OUT');
    await supplier.cancel(tx, { locator: leg.locator });
    if (paid) await supplier.issue(tx, { locator: hold.locator });
    await tx
      .update(bookingLegs)
      .set({
        locator: hold.locator,
        // The traveller keeps the price paid: the new flights are at no cost.
        offer: { ...chosen.presented, price: leg.offer.price },
        segmentFares: chosen.engine.segments.map((s, i) => ({
          departUtc: new Date(s.flight.departUtc).toISOString(),
          conditions: s.fare.conditions,
          price: leg.segmentFares[i]?.price ?? leg.segmentFares[0]?.price ?? leg.offer.price,
        })),
      })
      .where(and(eq(bookingLegs.bookingId, locked.id), eq(bookingLegs.position, leg.position)));
    const legs = await updateFirstDeparture(tx, locked.id);
    const reissued = await reissueTickets(tx, locked.id, legs, leg.position, chosen.presented.segments);
    const from = leg.offer.segments.map(flightIdOf);
    const to = chosen.presented.segments.map(flightIdOf);
    await resolveDisruption(tx, {
      bookingId: locked.id,
      disruptionId: disruption.id,
      resolution: 'rebooked',
      by: options.by.name,
    });
    await recordBookingEvent(
      tx,
      locked.id,
      locked.status,
      options.by,
      `Moved from ${from.join(', ')} to ${to.join(', ')} at no cost` +
        (reissued > 0 ? `; ${reissued} ticket(s) reissued` : ''),
    );
    // The traveller gets the e-ticket of the new flights.
    if (reissued > 0 && options.links) await queueTicketEmail(tx, { bookingId: locked.id, ...options.links });
    if (options.audit) {
      await recordAudit(tx, {
        brandId: locked.brandId,
        actor: options.audit,
        action: 'booking.disruption.rebook',
        entityType: 'booking',
        entityId: locked.pnr,
        before: { flights: from },
        after: { flights: to, resolution: 'rebooked' },
      });
    }
    return locked.id;
  });
  await options.jobs.send('email.deliver-outbox');
  return bookingId;
}

/** New numbers for the open tickets of the moved leg's flights (same passengers, same positions). */
async function reissueTickets(
  tx: Db,
  bookingId: string,
  legs: (typeof bookingLegs.$inferSelect)[],
  position: number,
  segments: { airline_code: string }[],
): Promise<number> {
  const before = legs
    .filter((l) => l.position < position)
    .reduce((count, l) => count + l.offer.segments.length, 0);
  const open = await tx
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.bookingId, bookingId),
        eq(tickets.status, 'open'),
        gte(tickets.segmentIndex, before),
        lt(tickets.segmentIndex, before + segments.length),
      ),
    );
  if (open.length === 0) return 0;
  const codes = await tx
    .select({ code: airlines.code, accountingCode: airlines.accountingCode })
    .from(airlines);
  for (const ticket of open) {
    const [next] = await tx
      .select({ serial: sql<string>`nextval('ticket_serial_seq')::text` })
      .from(sql`(select 1) as one`);
    const airline = segments[ticket.segmentIndex - before]?.airline_code;
    await tx
      .update(tickets)
      .set({
        ticketNumber: ticketNumber(
          codes.find((c) => c.code === airline)?.accountingCode,
          Number(next?.serial ?? 0),
        ),
      })
      .where(eq(tickets.ticketNumber, ticket.ticketNumber));
  }
  return open.length;
}
