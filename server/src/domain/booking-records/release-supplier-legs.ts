import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookingLegs } from '../../db/schema/index';
import { supplierById } from '../suppliers/configured-suppliers';

/**
 * Cancels every leg of a booking with the supplier that holds it (the seats of a hold released,
 * an outside supplier's order cancelled), in the caller's transaction: what cancelling, voiding
 * and expiring a booking share. A leg of a supplier no longer configured is left as it is.
 */
export async function releaseSupplierLegs(tx: Db, booking: { id: string; brandId: string }): Promise<void> {
  const legs = await tx.select().from(bookingLegs).where(eq(bookingLegs.bookingId, booking.id));
  for (const leg of legs) {
    await supplierById(leg.supplier)?.cancel(tx, {
      locator: leg.locator,
      orderId: leg.supplierOrderId,
      brandId: booking.brandId,
    });
  }
}
