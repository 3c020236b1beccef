import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDashboard } from '#shared/admin-dashboard';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/dashboard: the brand's counter today (docs/admin.md#dashboard). */
export const getDashboard = () => apiGet<AdminDashboard>('/admin/dashboard');

export const dashboardQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.dashboard,
    queryFn: getDashboard,
    staleTime: 0,
    refetchInterval: 60_000,
  });

export const useDashboard = () => useQuery(dashboardQueryOptions());
