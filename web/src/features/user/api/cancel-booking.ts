import type { Booking } from '#shared/bookings';
import { apiPost } from '../../../lib/api-client';

export interface RefundQuote {
  currency: 'NPR' | 'USD';
  paid: number;
  cancellation_fee: number;
  refund: number;
  rule: string;
  /** The passengers the quote covers (those chosen and their lap infants). */
  passengers?: string[];
}

/**
 * POST /bookings/:pnr/cancel: the refund quote (confirm false), or the cancellation itself; with
 * `passengers`, only theirs (docs/bookings.md#partial-cancellation), else the whole booking. Confirmed,
 * the answer carries the booking as it now is.
 */
export const cancelBooking = (pnr: string, confirm: boolean, passengers?: string[]) =>
  apiPost<{ quote: RefundQuote; booking: Booking | null }>(`/bookings/${encodeURIComponent(pnr)}/cancel`, {
    confirm,
    ...(passengers ? { passengers } : {}),
  });

export const quoteCancellation = (pnr: string, passengers?: string[]) =>
  cancelBooking(pnr, false, passengers);
export const confirmCancellation = (pnr: string, passengers?: string[]) =>
  cancelBooking(pnr, true, passengers);
