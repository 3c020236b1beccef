import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBookingDetail } from '#shared/admin-bookings';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/bookings/:pnr: one booking with its passengers, payments, tickets and history. */
export const getAdminBooking = (pnr: string) =>
  apiGet<AdminBookingDetail>(`/admin/bookings/${encodeURIComponent(pnr)}`);

export const adminBookingQueryOptions = (pnr: string) =>
  queryOptions({
    queryKey: adminKeys.booking(pnr),
    queryFn: () => getAdminBooking(pnr),
    staleTime: 0,
    retry: false,
  });

export const useAdminBooking = (pnr: string) => useQuery(adminBookingQueryOptions(pnr));
