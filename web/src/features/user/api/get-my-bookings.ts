import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingStatus, BookingSummary } from '#shared/bookings';
import { apiGet } from '../../../lib/api-client';

export interface BookingListPage {
  items: BookingSummary[];
  page: number;
  page_size: number;
  total: number;
}

export type MyBookingsFilter = { status: BookingStatus | ''; pnr: string; page: number };

export const myBookingsQueryKey = ['my-bookings'] as const;

/** GET /bookings: one page of the signed-in user's bookings, by status and PNR. */
export function getMyBookings(filter: MyBookingsFilter) {
  const query = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) query.set('status', filter.status);
  if (filter.pnr) query.set('pnr', filter.pnr);
  return apiGet<BookingListPage>(`/bookings?${query}`);
}

export const myBookingsQueryOptions = (filter: MyBookingsFilter) =>
  queryOptions({
    queryKey: [...myBookingsQueryKey, filter],
    queryFn: () => getMyBookings(filter),
    placeholderData: keepPreviousData,
  });

export const useMyBookings = (filter: MyBookingsFilter) => useQuery(myBookingsQueryOptions(filter));
