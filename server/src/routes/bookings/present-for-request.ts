import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Booking } from '#shared/bookings';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema/index';
import { type FullBooking, loadBookingDetails } from '../../domain/bookings/find-booking';
import { paymentMethodsFor } from '../../domain/bookings/payment-methods-for';
import { AppError } from '../../errors';
import { requireBrand, requireUser } from '../../http/context';
import { presentBooking } from '../../presenters/booking';

/** A booking as the signed-in caller sees it, with the payment methods offered to them. */
export async function presentFullBooking(
  db: Db,
  request: FastifyRequest,
  source: { full: FullBooking } | { bookingId: string },
): Promise<Booking> {
  let full: FullBooking;
  if ('full' in source) full = source.full;
  else {
    const [row] = await db.select().from(bookings).where(eq(bookings.id, source.bookingId));
    if (!row) throw new AppError('NOT_FOUND');
    full = await loadBookingDetails(db, row);
  }
  const methods = paymentMethodsFor({
    user: requireUser(request),
    hasPayment: requireBrand(request).config.hasPayment,
    booking: full.booking,
  });
  return presentBooking(full, methods);
}
