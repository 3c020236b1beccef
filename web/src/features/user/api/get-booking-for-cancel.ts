import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '#shared/bookings';
import { apiGet } from '../../../lib/api-client';

/** GET /bookings/:pnr: the booking's passengers and tickets, for choosing whom to cancel. */
export const getBookingForCancel = (pnr: string) => apiGet<Booking>(`/bookings/${encodeURIComponent(pnr)}`);

export const bookingForCancelQueryOptions = (pnr: string) =>
  queryOptions({ queryKey: ['my-bookings', 'cancel', pnr], queryFn: () => getBookingForCancel(pnr) });

export const useBookingForCancel = (pnr: string) => useQuery(bookingForCancelQueryOptions(pnr));
