import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingChangePayments, paymentAttempts, refunds, users, walletEntries } from '../../db/schema/index';
import { AppError } from '../../errors';
import { type FullBooking, findFullBooking } from '../booking-records/find-booking';
import { flightIdOf } from '../booking-records/flight-id';
import { type BookerInfo, loadBookers } from '../booking-records/load-bookers';
import { type BookerRow, bookerColumns } from './list-brand-bookings';

export interface BrandBookingDetail {
  full: FullBooking;
  booker: BookerRow;
  /** The booker as the price breakdown and `booked_by` name them. */
  bookerInfo: BookerInfo | undefined;
  flights: { flightId: string; flightNumber: string; route: string; departAt: string; disrupted: boolean }[];
  payments: (typeof paymentAttempts.$inferSelect)[];
  walletEntries: (typeof walletEntries.$inferSelect)[];
  refunds: (typeof refunds.$inferSelect)[];
}

/** One of the brand's bookings by PNR with its history, payments, refunds and tickets; else 404. */
export async function findBrandBooking(
  db: Db,
  options: { brandId: string; pnr: string },
): Promise<BrandBookingDetail> {
  const full = await findFullBooking(db, { brandId: options.brandId, pnr: options.pnr });
  const id = full.booking.id;
  const [[booker], payments, ledger, refunded] = await Promise.all([
    db.select(bookerColumns).from(users).where(eq(users.id, full.booking.userId)),
    db
      .select()
      .from(paymentAttempts)
      // The booking's own payments and those of its date changes.
      .where(
        or(
          eq(paymentAttempts.orderId, id),
          inArray(
            paymentAttempts.orderId,
            db
              .select({ id: sql<string>`${bookingChangePayments.id}::text` })
              .from(bookingChangePayments)
              .where(eq(bookingChangePayments.bookingId, id)),
          ),
        ),
      )
      .orderBy(asc(paymentAttempts.createdAt)),
    db.select().from(walletEntries).where(eq(walletEntries.bookingId, id)).orderBy(asc(walletEntries.id)),
    db.select().from(refunds).where(eq(refunds.bookingId, id)).orderBy(asc(refunds.createdAt)),
  ]);
  if (!booker) throw new AppError('NOT_FOUND');
  const disruptedFlights = new Set(full.disruptions.map((d) => d.flightId));
  const flights = full.legs.flatMap((leg) =>
    leg.offer.segments.map((segment) => {
      const flightId = flightIdOf(segment);
      return {
        flightId,
        flightNumber: segment.flight_number,
        route: `${segment.depart_code} → ${segment.dest_code}`,
        departAt: segment.depart_at,
        disrupted: disruptedFlights.has(flightId),
      };
    }),
  );
  const bookerInfo = (await loadBookers(db, [full.booking.userId])).get(full.booking.userId);
  return { full, booker, bookerInfo, flights, payments, walletEntries: ledger, refunds: refunded };
}
