import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingChangePayments, bookings, type GatewayName, paymentAttempts } from '../../db/schema/index';
import type { BookingRow } from './find-booking';

/**
 * The booking a gateway payment attempt was for, if the reference names one: the booking it pays,
 * or the booking whose date change it pays (its order a `booking_change_payments` row).
 */
export async function findPaymentBooking(
  db: Db,
  options: { gateway: GatewayName; reference: string | undefined },
): Promise<BookingRow | undefined> {
  if (!options.reference) return undefined;
  const [row] = await db
    .select({ booking: bookings })
    .from(paymentAttempts)
    .leftJoin(bookingChangePayments, eq(sql`${bookingChangePayments.id}::text`, paymentAttempts.orderId))
    .innerJoin(
      bookings,
      or(
        eq(sql`${bookings.id}::text`, paymentAttempts.orderId),
        eq(bookings.id, bookingChangePayments.bookingId),
      ),
    )
    .where(
      and(eq(paymentAttempts.gateway, options.gateway), eq(paymentAttempts.reference, options.reference)),
    );
  return row?.booking;
}

/** The date change a gateway payment attempt pays for, if it pays for one. */
export async function findPaymentChange(
  db: Db,
  options: { gateway: GatewayName; reference: string | undefined },
): Promise<typeof bookingChangePayments.$inferSelect | undefined> {
  if (!options.reference) return undefined;
  const [row] = await db
    .select({ change: bookingChangePayments })
    .from(paymentAttempts)
    .innerJoin(bookingChangePayments, eq(sql`${bookingChangePayments.id}::text`, paymentAttempts.orderId))
    .where(
      and(eq(paymentAttempts.gateway, options.gateway), eq(paymentAttempts.reference, options.reference)),
    );
  return row?.change;
}
