import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '#shared/bookings';
import type { Db } from '../../db/client';
import { pageWindow } from '../../db/paging';
import { bookingLegs, bookingPassengers, bookings } from '../../db/schema/index';
import { type BookingRow, bookingScopeCondition } from '../booking-records/find-booking';
import { type BookerInfo, loadBookers } from '../booking-records/load-bookers';
import { bookingMoneyOf } from '../booking-records/passenger-money';

export interface ListBookingsOptions {
  userId: string;
  /** A master agent's list: their sub-agents' bookings too (docs/accounts.md#sub-agents). */
  includeSubAgents?: boolean | undefined;
  status?: BookingStatus | undefined;
  /** A PNR or its beginning. */
  pnr?: string | undefined;
  page: number;
  pageSize: number;
}

/** A booking of the list, with what the list shows beside it. */
export interface BookingSummaryRow {
  booking: BookingRow;
  firstDepartureLocal: string;
  passengerNames: string[];
  /** Of those, the ones cancelled (docs/bookings.md#after-sales-money). */
  cancelledPassengerNames: string[];
  amountRefunded: number;
  travellingTotal: number;
  /** Who booked it (set on lists that may hold others' bookings: a master agent's). */
  booker?: BookerInfo | undefined;
}

/**
 * The user's own bookings (a master agent's: theirs and their sub-agents', each with who booked
 * it), newest first, one page, with what a list shows of each.
 */
export async function listBookings(
  db: Db,
  options: ListBookingsOptions,
): Promise<{ items: BookingSummaryRow[]; total: number }> {
  const scope = bookingScopeCondition(
    db,
    options.includeSubAgents ? { agentId: options.userId } : { userId: options.userId },
  );
  const conditions: SQL[] = scope ? [scope] : [];
  if (options.status) conditions.push(eq(bookings.status, options.status));
  if (options.pnr) conditions.push(eq(bookings.pnr, options.pnr));
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(bookings)
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(pageWindow(options).limit)
    .offset(pageWindow(options).offset);
  const [counted] = await db.select({ value: count() }).from(bookings).where(where);
  if (rows.length === 0) return { items: [], total: counted?.value ?? 0 };
  const extras = await listExtras(
    db,
    rows.map((r) => r.id),
  );
  const bookers = options.includeSubAgents
    ? await loadBookers(
        db,
        rows.map((r) => r.userId),
      )
    : undefined;
  return {
    total: counted?.value ?? 0,
    items: rows.map((booking) => ({
      booking,
      ...extras(booking),
      ...(bookers && { booker: bookers.get(booking.userId) }),
    })),
  };
}

/** What a list shows of each booking besides its row: first local departure, passenger names. */
export async function listExtras(
  db: Db,
  bookingIds: string[],
): Promise<(booking: BookingRow) => Omit<BookingSummaryRow, 'booking' | 'booker'>> {
  const [legs, passengers] = await Promise.all([
    db
      .select({ bookingId: bookingLegs.bookingId, offer: bookingLegs.offer })
      .from(bookingLegs)
      .where(and(inArray(bookingLegs.bookingId, bookingIds), eq(bookingLegs.position, 0))),
    db
      .select()
      .from(bookingPassengers)
      .where(inArray(bookingPassengers.bookingId, bookingIds))
      .orderBy(asc(bookingPassengers.position)),
  ]);
  return (booking) => {
    const theirs = passengers.filter((p) => p.bookingId === booking.id);
    const over = ['cancelled', 'refunded', 'expired'].includes(booking.status);
    const money = bookingMoneyOf({ booking, passengers: theirs });
    const nameOf = (p: (typeof theirs)[number]) => `${p.title} ${p.firstName} ${p.lastName}`;
    return {
      firstDepartureLocal: legs.find((l) => l.bookingId === booking.id)?.offer.segments[0]?.depart_at ?? '',
      passengerNames: theirs.map(nameOf),
      cancelledPassengerNames: theirs.filter((p) => over || p.cancelledAt !== null).map(nameOf),
      amountRefunded: money.refunded,
      travellingTotal: money.travellingTotal,
    };
  };
}
