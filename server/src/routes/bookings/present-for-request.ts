import type { FastifyRequest } from 'fastify';
import type { Booking } from '#shared/bookings';
import type { Db } from '../../db/client';
import { type FullBooking, findFullBookingById } from '../../domain/booking-records/find-booking';
import { loadBookers } from '../../domain/booking-records/load-bookers';
import { paymentMethodsFor } from '../../domain/bookings/pay/payment-methods-for';
import { priceBreakdownOf } from '../../domain/bookings/price-breakdown-of';
import { requireBrand, requireUser } from '../../http/context';
import { presentBooking } from '../../presenters/booking';

/**
 * A booking as the signed-in caller sees it, with the payment methods offered to them and its
 * price breakdown at the caller's level and below.
 */
export async function presentFullBooking(
  db: Db,
  request: FastifyRequest,
  source: { full: FullBooking } | { bookingId: string },
): Promise<Booking> {
  const full = 'full' in source ? source.full : await findFullBookingById(db, source.bookingId);
  const viewer = requireUser(request);
  // A master agent reading a sub-agent's booking does not pay for it: the sub-agent does.
  const methods =
    full.booking.userId === viewer.id
      ? paymentMethodsFor({
          user: viewer,
          hasPayment: requireBrand(request).config.hasPayment,
          booking: full.booking,
        })
      : [];
  const booker = (await loadBookers(db, [full.booking.userId])).get(full.booking.userId);
  return presentBooking(full, methods, {
    priceBreakdown: priceBreakdownOf(full.booking, booker, viewer.type === 'admin' ? null : viewer.id),
    booker,
  });
}
