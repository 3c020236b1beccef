import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ManualRefund } from '#shared/admin-bookings';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/refunds: gateway payments still to be paid back by hand, oldest first. */
export const getManualRefunds = () => apiGet<ManualRefund[]>('/admin/refunds');

export const manualRefundsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.refunds, queryFn: getManualRefunds, staleTime: 0 });

export const useManualRefunds = () => useQuery(manualRefundsQueryOptions());
