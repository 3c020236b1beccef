import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser } from '#shared/admin';
import type {
  AgentCommissionRequest,
  AgentGroupRequest,
  CommissionPolicy,
  CommissionPolicyRequest,
} from '#shared/commissions';
import { apiPost, apiPut, apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export type CommissionAction =
  | { kind: 'policy'; input: CommissionPolicyRequest }
  | { kind: 'create-group'; input: AgentGroupRequest }
  | { kind: 'update-group'; id: string; input: AgentGroupRequest }
  | { kind: 'delete-group'; id: string }
  | { kind: 'agent'; id: string; input: AgentCommissionRequest };

/**
 * One change to the commission set-up: PUT /admin/commissions, POST/PUT/DELETE
 * /admin/agent-groups[/:id], or PUT /admin/users/:id/commission. They refresh the same lists.
 */
export function changeCommission(action: CommissionAction): Promise<unknown> {
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
}

export function useChangeCommission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCommission,
    onSuccess: () => {
      for (const queryKey of [adminKeys.commissionPolicy, adminKeys.users, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
