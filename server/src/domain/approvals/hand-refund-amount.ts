import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, refunds } from '../../db/schema/index';

/** A refund's amount and the booker it goes back to, for the four-eyes threshold (none: unknown). */
export async function findHandRefundAmount(
  db: Db,
  options: { brandId: string; pnr: string; refundId: string },
): Promise<{ amount: number; userId: string } | undefined> {
  const [found] = await db
    .select({ amount: refunds.amount, userId: bookings.userId })
    .from(refunds)
    .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
    .where(
      and(
        eq(refunds.id, options.refundId),
        eq(bookings.pnr, options.pnr),
        eq(bookings.brandId, options.brandId),
      ),
    );
  return found;
}
