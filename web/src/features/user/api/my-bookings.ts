import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BookingStatus, BookingSummary } from '#shared/bookings';
import { apiGet, apiPost } from '../../../lib/api-client';

export interface BookingListPage {
  items: BookingSummary[];
  page: number;
  page_size: number;
  total: number;
}

export interface RefundQuote {
  currency: 'NPR' | 'USD';
  paid: number;
  cancellation_fee: number;
  refund: number;
  rule: string;
}

export function useMyBookings(filter: { status: BookingStatus | ''; pnr: string; page: number }) {
  const query = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) query.set('status', filter.status);
  if (filter.pnr) query.set('pnr', filter.pnr);
  return useQuery({
    queryKey: ['my-bookings', filter],
    queryFn: () => apiGet<BookingListPage>(`/bookings?${query}`),
    placeholderData: keepPreviousData,
  });
}

export const quoteCancellation = (pnr: string) =>
  apiPost<{ quote: RefundQuote }>(`/bookings/${encodeURIComponent(pnr)}/cancel`, { confirm: false });

export const confirmCancellation = (pnr: string) =>
  apiPost<{ quote: RefundQuote }>(`/bookings/${encodeURIComponent(pnr)}/cancel`, { confirm: true });

export interface TicketItem {
  ticket_number: string;
  pnr: string;
  passenger_name: string;
  route: string;
  departs_at: string;
  flight: string;
  status: string;
}

export const useMyTickets = () =>
  useQuery({ queryKey: ['my-tickets'], queryFn: () => apiGet<TicketItem[]>('/tickets') });
