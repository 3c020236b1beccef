import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { BookingStatus } from '#shared/bookings';
import type { Db } from '../../db/client';
import { containingPattern, startingPattern } from '../../db/like-pattern';
import { type PageRequest, pageWindow } from '../../db/paging';
import { bookingDisruptions, bookingPassengers, bookings, users } from '../../db/schema/index';
import type { BookingRow } from '../booking-records/find-booking';
import { listExtras } from './list-bookings';

export interface ListBrandBookingsOptions extends PageRequest {
  brandId: string;
  status?: BookingStatus | undefined;
  dateField: 'created' | 'travel';
  /** Local dates (Nepal), inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  agentId?: string | undefined;
  origin?: string | undefined;
  destination?: string | undefined;
  pnr?: string | undefined;
  name?: string | undefined;
}

export interface BookerRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  type: 'customer' | 'individual' | 'agent' | 'admin';
}

export interface BrandBookingRow {
  booking: BookingRow;
  booker: BookerRow;
  departAt: string;
  passengerNames: string[];
  disrupted: boolean;
}

export const bookerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  type: users.type,
};

/** The instant a Nepal local date starts. */
const nepalMidnight = (date: string) => sql`(${date}::date)::timestamp at time zone 'Asia/Kathmandu'`;
const nextNepalMidnight = (date: string) => sql`(${date}::date + 1)::timestamp at time zone 'Asia/Kathmandu'`;

/** All of the brand's bookings matching the filters, newest first, one page. */
export async function listBrandBookings(
  db: Db,
  options: ListBrandBookingsOptions,
): Promise<{ items: BrandBookingRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(bookings.brandId, options.brandId)];
  if (options.status) conditions.push(eq(bookings.status, options.status));
  const dateColumn = options.dateField === 'travel' ? bookings.firstDepartureAt : bookings.createdAt;
  if (options.from) conditions.push(gte(dateColumn, nepalMidnight(options.from)));
  if (options.to) conditions.push(lt(dateColumn, nextNepalMidnight(options.to)));
  if (options.agentId) conditions.push(eq(bookings.userId, options.agentId));
  if (options.origin) conditions.push(sql`${bookings.route} like ${startingPattern(`${options.origin} →`)}`);
  if (options.destination)
    conditions.push(sql`${bookings.route} like ${containingPattern(`→ ${options.destination}`)}`);
  if (options.pnr) conditions.push(sql`${bookings.pnr} like ${startingPattern(options.pnr)}`);
  if (options.name) {
    const pattern = containingPattern(options.name);
    conditions.push(
      sql`(${bookings.contact}->>'name' ilike ${pattern} or exists (
        select 1 from ${bookingPassengers} where ${bookingPassengers.bookingId} = ${bookings.id}
           and (${bookingPassengers.firstName} || ' ' || ${bookingPassengers.lastName}) ilike ${pattern}))`,
    );
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(options);
  const rows = await db
    .select({ booking: bookings, booker: bookerColumns })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(where)
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ value: sql<number>`count(*)::int` }).from(bookings).where(where);
  const total = Number(counted?.value ?? 0);
  if (rows.length === 0) return { items: [], total };
  const ids = rows.map((row) => row.booking.id);
  const [extras, disrupted] = await Promise.all([
    listExtras(db, ids),
    db
      .selectDistinct({ bookingId: bookingDisruptions.bookingId })
      .from(bookingDisruptions)
      .where(inArray(bookingDisruptions.bookingId, ids)),
  ]);
  return {
    total,
    items: rows.map(({ booking, booker }) => {
      const { firstDepartureLocal, passengerNames } = extras(booking);
      return {
        booking,
        booker,
        departAt: firstDepartureLocal,
        passengerNames,
        disrupted: disrupted.some((d) => d.bookingId === booking.id),
      };
    }),
  };
}
