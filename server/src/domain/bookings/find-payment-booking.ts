import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, type GatewayName, paymentAttempts } from '../../db/schema/index';
import type { BookingRow } from './find-booking';

/** The booking a gateway payment attempt was for, if the reference names one. */
export async function findPaymentBooking(
  db: Db,
  options: { gateway: GatewayName; reference: string | undefined },
): Promise<BookingRow | undefined> {
  if (!options.reference) return undefined;
  const [row] = await db
    .select({ booking: bookings })
    .from(paymentAttempts)
    .innerJoin(bookings, eq(sql`${bookings.id}::text`, paymentAttempts.orderId))
    .where(
      and(eq(paymentAttempts.gateway, options.gateway), eq(paymentAttempts.reference, options.reference)),
    );
  return row?.booking;
}
