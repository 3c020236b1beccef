import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, Page } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/users?type=agent: the brand's agents (up to 100, by name) with each one's commission. */
export const getCommissionAgents = () => apiGet<Page<AdminUser>>('/admin/users?type=agent&pageSize=100');

export const commissionAgentsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.commissionAgents, queryFn: getCommissionAgents, staleTime: 0 });

export const useCommissionAgents = () => useQuery(commissionAgentsQueryOptions());
