import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Approval } from '#shared/approvals';
import { apiGet, apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/approvals?status=pending: money actions awaiting a second person (docs/admin.md#four-eyes-approvals). */
export const usePendingApprovals = (enabled = true) =>
  useQuery({
    queryKey: adminKeys.approvals,
    queryFn: () => apiGet<{ items: Approval[] }>('/admin/approvals?status=pending'),
    staleTime: 0,
    enabled,
  });

/** POST /admin/approvals/:id/approve | reject: applied once, or dropped. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: 'approve' | 'reject' }) =>
      apiPost<Approval>(`/admin/approvals/${id}/${decision}`),
    onSuccess: () => {
      for (const queryKey of [adminKeys.approvals, adminKeys.users, adminKeys.audit, ['admin', 'wallet']])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
