import { apiPost } from '../../../lib/api-client';

export interface RefundQuote {
  currency: 'NPR' | 'USD';
  paid: number;
  cancellation_fee: number;
  refund: number;
  rule: string;
}

/** POST /bookings/:pnr/cancel: the refund quote (confirm false), or the cancellation itself. */
export const cancelBooking = (pnr: string, confirm: boolean) =>
  apiPost<{ quote: RefundQuote }>(`/bookings/${encodeURIComponent(pnr)}/cancel`, { confirm });

export const quoteCancellation = (pnr: string) => cancelBooking(pnr, false);
export const confirmCancellation = (pnr: string) => cancelBooking(pnr, true);
