import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StaffList } from '#shared/staff';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/staff: the console's users with their roles, and the latest invitations. */
export const getStaff = () => apiGet<StaffList>('/admin/staff');

export const staffQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.staff, queryFn: getStaff, staleTime: 0 });

export const useStaff = () => useQuery(staffQueryOptions());
