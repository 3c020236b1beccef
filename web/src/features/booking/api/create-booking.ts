import type { Booking, CreateBookingRequest } from '#shared/bookings';
import { apiRequest } from '../../../lib/api-client';

/** POST /bookings. The Idempotency-Key makes a retried submit (double tap, flaky network) return the same booking. */
export const createBooking = (body: CreateBookingRequest, idempotencyKey: string) =>
  apiRequest<Booking>('POST', '/bookings', body, { 'idempotency-key': idempotencyKey });
