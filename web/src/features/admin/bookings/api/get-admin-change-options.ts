import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeOptions } from '#shared/booking-changes';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/bookings/:pnr/change-options: a leg's flights on a date, each quoted for the booker. */
export const getAdminChangeOptions = (pnr: string, legIndex: number, date: string) =>
  apiGet<ChangeOptions>(
    `/admin/bookings/${encodeURIComponent(pnr)}/change-options?leg_index=${legIndex}&date=${encodeURIComponent(date)}`,
  );

export const adminChangeOptionsQueryOptions = (pnr: string, legIndex: number, date: string | null) =>
  queryOptions({
    queryKey: [...adminKeys.booking(pnr), 'change-options', legIndex, date] as const,
    queryFn: () => getAdminChangeOptions(pnr, legIndex, date as string),
    enabled: Boolean(date),
    staleTime: 0,
    retry: false,
  });

export const useAdminChangeOptions = (pnr: string, legIndex: number, date: string | null) =>
  useQuery(adminChangeOptionsQueryOptions(pnr, legIndex, date));
