import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, Page } from '#shared/admin';
import type {
  AgentCommissionRequest,
  AgentGroupRequest,
  CommissionPolicy,
  CommissionPolicyRequest,
} from '#shared/commissions';
import { apiGet, apiPost, apiPut, apiRequest } from '../../../lib/api-client';

/** The commission the agency grants its agents (under the `admin` key, dropped at log-out). */
export const commissionKeys = {
  policy: ['admin', 'commissions'] as const,
  agents: ['admin', 'users', 'commission-agents'] as const,
};

export function useCommissionPolicy() {
  return useQuery({
    queryKey: commissionKeys.policy,
    queryFn: () => apiGet<CommissionPolicy>('/admin/commissions'),
    staleTime: 0,
  });
}

/** The brand's agents (up to 100, by name) with the commission granted to each. */
export function useCommissionAgents() {
  return useQuery({
    queryKey: commissionKeys.agents,
    queryFn: () => apiGet<Page<AdminUser>>('/admin/users?type=agent&pageSize=100'),
    staleTime: 0,
  });
}

export type CommissionAction =
  | { kind: 'policy'; input: CommissionPolicyRequest }
  | { kind: 'create-group'; input: AgentGroupRequest }
  | { kind: 'update-group'; id: string; input: AgentGroupRequest }
  | { kind: 'delete-group'; id: string }
  | { kind: 'agent'; id: string; input: AgentCommissionRequest };

export function useCommissionAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CommissionAction): Promise<unknown> => {
      switch (action.kind) {
        case 'policy':
          return apiPut<CommissionPolicy>('/admin/commissions', action.input);
        case 'create-group':
          return apiPost<CommissionPolicy>('/admin/agent-groups', action.input);
        case 'update-group':
          return apiPut<CommissionPolicy>(`/admin/agent-groups/${action.id}`, action.input);
        case 'delete-group':
          return apiRequest<unknown>('DELETE', `/admin/agent-groups/${action.id}`, undefined, {});
        case 'agent':
          return apiPut<AdminUser>(`/admin/users/${action.id}/commission`, action.input);
      }
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: commissionKeys.policy });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
