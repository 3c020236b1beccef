import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page } from '#shared/admin';
import type { AdminBookingSummary, AdminBookingsQuery } from '#shared/admin-bookings';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys, toQuery } from '../../shared/api/admin-keys';

/** GET /admin/bookings: one page of the brand's bookings under the filters. */
export const getAdminBookings = (query: AdminBookingsQuery) =>
  apiGet<Page<AdminBookingSummary>>(`/admin/bookings?${toQuery(query)}`);

export const adminBookingsQueryOptions = (query: AdminBookingsQuery) =>
  queryOptions({
    queryKey: adminKeys.bookingsPage(query),
    queryFn: () => getAdminBookings(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminBookings = (query: AdminBookingsQuery) => useQuery(adminBookingsQueryOptions(query));
