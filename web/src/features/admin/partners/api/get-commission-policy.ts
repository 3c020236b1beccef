import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CommissionPolicy } from '#shared/commissions';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/commissions: the commission the agency grants its agents, with the agent groups. */
export const getCommissionPolicy = () => apiGet<CommissionPolicy>('/admin/commissions');

export const commissionPolicyQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.commissionPolicy, queryFn: getCommissionPolicy, staleTime: 0 });

export const useCommissionPolicy = () => useQuery(commissionPolicyQueryOptions());
