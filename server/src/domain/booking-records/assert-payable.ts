import { AppError } from '../../errors';
import type { BookingRow } from './find-booking';

/** A booking can be paid while it is held and its hold has not lapsed; otherwise a clear 4xx. */
export function assertPayable(booking: BookingRow, now = Date.now()): void {
  if (booking.status === 'held' && booking.expiresAt && booking.expiresAt.getTime() <= now) {
    throw new AppError(
      'BOOKING_EXPIRED',
      'The seats were held too long and have been released. Please book again.',
    );
  }
  if (booking.status === 'held') return;
  if (booking.status === 'expired') {
    throw new AppError(
      'BOOKING_EXPIRED',
      'The seats were held too long and have been released. Please book again.',
    );
  }
  if (booking.status === 'paid' || booking.status === 'ticketed') throw new AppError('PAYMENT_ALREADY_PAID');
  throw new AppError('BOOKING_NOT_PAYABLE', `This booking is ${booking.status} and cannot be paid.`);
}
