import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FlightOffer } from '#shared/flights';
import type { Db } from '../../../db/client';
import { airlines, bookingChanges, bookingLegs, type SegmentFare, tickets } from '../../../db/schema/index';
import { AppError } from '../../../errors';
import { type Actor, recordBookingEvent } from '../../booking-records/change-booking-status';
import type { BookingRow, FullBooking } from '../../booking-records/find-booking';
import { moneyText } from '../../booking-records/money-text';
import { allocate } from '../../booking-records/passenger-money';
import { ticketNumber } from '../../booking-records/ticket-number';
import { updateFirstDeparture } from '../../booking-records/update-first-departure';
import { issueChangeInvoice } from '../../finance/issue-change-invoice';
import type { EngineOffer } from '../../flight-engine/build-offers';
import { decodeOfferId } from '../../flight-engine/offer-id';
import { priceFares } from '../../flight-engine/price-offer';
import type { Supplier } from '../../suppliers/supplier';
import { queueTicketEmail, type TicketLinks } from '../issue/queue-ticket-email';
import { type BookingChangeQuote, changeShareWeights } from './quote-booking-change';

type Leg = FullBooking['legs'][number];

/** The leg's flights (their positions among all the booking's flights) and its open tickets. */
export function openTicketsOfLeg(current: FullBooking, leg: Leg) {
  const first = current.legs
    .filter((l) => l.position < leg.position)
    .reduce((count, l) => count + l.offer.segments.length, 0);
  const last = first + leg.offer.segments.length;
  const open = current.tickets.filter(
    (t) => t.status === 'open' && t.segmentIndex >= first && t.segmentIndex < last,
  );
  if (open.length === 0) {
    throw new AppError('CHANGE_NOT_ALLOWED', 'This flight has no valid tickets left to change.');
  }
  return { first, last, open };
}

/** The new leg's per-flight fares and conditions, as a booking records them (`segment_fares`). */
export function segmentFaresOf(engine: EngineOffer): SegmentFare[] {
  const ref = decodeOfferId(engine.id);
  return engine.segments.map((s) => ({
    departUtc: new Date(s.flight.departUtc).toISOString(),
    conditions: s.fare.conditions,
    price: priceFares([s.fare], {
      tier: ref?.tier ?? 'npr',
      passengers: ref?.passengers ?? { adults: 1, children: 0, infants: 0 },
      agent: false,
      grantedCommissionPercent: 0,
    }),
  }));
}

export interface ApplyBookingChangeOptions {
  /** The booking, locked by the caller, and its details read under that lock. */
  locked: BookingRow;
  current: FullBooking;
  leg: Leg;
  supplier: Supplier;
  /** The new seats, already held with the supplier (a house leg). */
  holdLocator?: string;
  /**
   * An outside supplier's order, already changed at the supplier (Duffel's order change): the
   * leg keeps its locator and order, takes the order's airline reference, and its tickets become
   * the supplier's new e-tickets (per open ticket, in order; null where none was issued yet: that
   * passenger keeps the old one open).
   */
  supplierOrder?: { airlineReference: string | null; ticketNumbers: (string | null)[] };
  presented: FlightOffer;
  segmentFares: SegmentFare[];
  charged: BookingChangeQuote;
  /** How the amount due was paid (null when nothing was due). */
  paidWith: 'wallet' | 'agency' | 'esewa' | 'khalti' | 'connectips' | null;
  /** The words the history gives the payment (" paid from the wallet"), empty when nothing was due. */
  paidNote: string;
  by: Actor;
  links: TicketLinks;
}

/**
 * The change itself, in the caller's transaction under the booking's lock, once paid: the new
 * seats sold (the supplier refuses a lapsed hold: OFFER_EXPIRED / CONFLICT), the old ones
 * released, the leg rewritten, the leg's open tickets `exchanged` and reissued citing them, the
 * `booking_changes` row, its tax invoice when something was charged, a history event and the new
 * e-ticket e-mail. Shared by the wallet/agency path (changeBookingDate) and the gateway path
 * (settleChangePayment).
 */
export async function applyBookingChange(
  tx: Db,
  options: ApplyBookingChangeOptions,
): Promise<{ changeId: string; invoiceNumber: string | null }> {
  const { locked, current, leg, presented, charged, supplierOrder } = options;
  const { first, last, open } = openTicketsOfLeg(current, leg);
  const route = `${leg.offer.segments[0]?.depart_code} → ${leg.offer.segments.at(-1)?.dest_code}`;
  const flights = presented.segments.map((s) => s.flight_number).join(', ');
  let toLocator = leg.locator;
  if (!supplierOrder) {
    if (!options.holdLocator) throw new Error('a house change needs the new seats held');
    await options.supplier.cancel(tx, { locator: leg.locator });
    await options.supplier.issue(tx, { locator: options.holdLocator });
    toLocator = options.holdLocator;
  }
  await tx
    .update(bookingLegs)
    .set({
      locator: toLocator,
      offer: presented,
      segmentFares: options.segmentFares,
      ...(supplierOrder ? { airlineReference: supplierOrder.airlineReference } : {}),
    })
    .where(and(eq(bookingLegs.bookingId, locked.id), eq(bookingLegs.position, leg.position)));
  await updateFirstDeparture(tx, locked.id);
  const [change] = await tx
    .insert(bookingChanges)
    .values({
      bookingId: locked.id,
      legPosition: leg.position,
      fromLocator: leg.locator,
      toLocator,
      fromOffer: leg.offer,
      toOffer: presented,
      currency: charged.currency,
      fareDifference: charged.fareDifference,
      changeFee: charged.changeFee,
      amount: charged.amountDue,
      paidWith: charged.amountDue > 0 ? options.paidWith : null,
      byUserId: options.by.userId ?? null,
    })
    .returning({ id: bookingChanges.id });
  if (!change) throw new Error('the booking change was not written');
  if (charged.amountDue > 0)
    await recordPassengerCharges(tx, { locked, current, leg, open, presented, charged });
  const numbers = supplierOrder?.ticketNumbers;
  const reissued = await reissueTickets(tx, {
    bookingId: locked.id,
    open: numbers ? open.filter((_, i) => numbers[i]) : open,
    first,
    last,
    segments: presented.segments,
    ...(numbers ? { supplierNumbers: numbers.filter((n) => n !== null) } : {}),
  });
  const invoice =
    charged.amountDue > 0
      ? await issueChangeInvoice(tx, {
          booking: locked,
          bookingChangeId: change.id,
          newPrice: presented.price,
          route,
          flights,
          fareDifference: charged.fareDifference,
          changeFee: charged.changeFee,
          changeFeeVat: charged.changeFeeVat,
          international: charged.international,
        })
      : null;
  await recordBookingEvent(
    tx,
    locked.id,
    locked.status,
    options.by,
    `Date changed: ${charged.fromFlights.join(', ')} → ${charged.toFlights.join(', ')}; ` +
      `fare difference ${moneyText(charged.fareDifference, charged.currency)}, ` +
      `change fee ${moneyText(charged.changeFee, charged.currency)}` +
      (charged.amountDue > 0 ? options.paidNote : '') +
      `; ${reissued} ticket(s) reissued` +
      (invoice ? `; tax invoice ${invoice.number}` : ''),
    {
      kind: 'change',
      currency: charged.currency,
      fareDifference: charged.fareDifference,
      changeFee: charged.changeFee,
    },
  );
  await queueTicketEmail(tx, { bookingId: locked.id, ...options.links });
  return { changeId: change.id, invoiceNumber: invoice?.number ?? null };
}

/** The leg's open tickets `exchanged`, and one new number each citing it (same passenger and flight). */
async function reissueTickets(
  tx: Db,
  options: {
    bookingId: string;
    open: FullBooking['tickets'];
    first: number;
    last: number;
    segments: FlightOffer['segments'];
    /** An outside supplier's reissued e-tickets, per open ticket (its number, not Tikat's). */
    supplierNumbers?: string[];
  },
): Promise<number> {
  if (options.open.length === 0) return 0;
  const numbers = options.open.map((t) => t.ticketNumber);
  await tx
    .update(tickets)
    .set({ status: 'exchanged' })
    .where(
      and(
        eq(tickets.bookingId, options.bookingId),
        inArray(tickets.ticketNumber, numbers),
        gte(tickets.segmentIndex, options.first),
        lt(tickets.segmentIndex, options.last),
      ),
    );
  const codes = await tx
    .select({ code: airlines.code, accountingCode: airlines.accountingCode })
    .from(airlines)
    .where(inArray(airlines.code, [...new Set(options.segments.map((s) => s.airline_code))]));
  const serials = options.supplierNumbers
    ? []
    : await tx
        .select({ serial: sql<string>`nextval('ticket_serial_seq')::text` })
        .from(sql`generate_series(1, ${options.open.length})`);
  const supplierNumbers = options.supplierNumbers;
  await tx.insert(tickets).values(
    options.open.map((old, i) => ({
      ticketNumber:
        supplierNumbers?.[i] ??
        ticketNumber(
          codes.find((c) => c.code === options.segments[old.segmentIndex - options.first]?.airline_code)
            ?.accountingCode,
          Number(serials[i]?.serial ?? 0),
        ),
      bookingId: options.bookingId,
      passengerId: old.passengerId,
      segmentIndex: old.segmentIndex,
      status: 'open' as const,
      reissuedFrom: old.ticketNumber,
    })),
  );
  return options.open.length;
}

/**
 * What the change charged, shared among the passengers whose tickets it reissues (their fare
 * differences refundable with the fare, their change fees kept: docs/bookings.md#after-sales-money),
 * added to each passenger's record. One statement.
 */
async function recordPassengerCharges(
  tx: Db,
  options: Pick<ApplyBookingChangeOptions, 'locked' | 'current' | 'leg' | 'presented' | 'charged'> & {
    open: FullBooking['tickets'];
  },
): Promise<void> {
  const { current, leg, charged } = options;
  const ids = new Set(options.open.map((t) => t.passengerId));
  const charging = current.passengers.filter((p) => ids.has(p.id));
  const weights = changeShareWeights(leg, options.presented.price, charged.currency);
  const differences = allocate(
    charged.fareDifference,
    charging.map((p) => weights.difference(p.type)),
  );
  const fees = allocate(
    charged.changeFee,
    charging.map((p) => weights.fee(p.type)),
  );
  await tx.execute(sql`
    update booking_passengers as p
    set changes_paid = p.changes_paid + c.difference, change_fees_paid = p.change_fees_paid + c.fee
    from unnest(${sql.param(charging.map((p) => p.id))}::uuid[], ${sql.param(differences)}::int[],
                ${sql.param(fees)}::int[]) as c(id, difference, fee)
    where p.id = c.id and p.booking_id = ${options.locked.id}`);
}
