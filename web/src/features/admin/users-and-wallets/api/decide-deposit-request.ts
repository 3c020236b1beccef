import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositDecisionResult } from '#shared/deposit-requests';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export interface DepositDecisionInput {
  id: number;
  decision: 'approve' | 'reject';
  note?: string | undefined;
}

/** POST /admin/deposit-requests/:id/approve | reject: finance's decision (an approval credits the wallet once). */
export const decideDepositRequest = ({ id, decision, note }: DepositDecisionInput) =>
  apiPost<DepositDecisionResult>(`/admin/deposit-requests/${id}/${decision}`, note ? { note } : {});

export function useDecideDepositRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDepositRequest,
    onSuccess: () => {
      for (const queryKey of [adminKeys.depositRequests, adminKeys.users, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
