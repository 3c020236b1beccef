import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingApprovalResult } from '#shared/approvals';
import type { AgentCredit, CreditLimitRequest } from '#shared/wallet-statements';
import { apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** PUT /admin/users/:id/wallet/credit-limit: give an agent a credit limit (0: none). */
export const setCreditLimit = (userId: string, input: CreditLimitRequest) =>
  apiPut<AgentCredit | PendingApprovalResult>(`/admin/users/${userId}/wallet/credit-limit`, input);

export function useSetCreditLimit(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditLimitRequest) => setCreditLimit(userId, input),
    onSuccess: () => {
      for (const queryKey of [adminKeys.wallet(userId), adminKeys.audit, adminKeys.approvals])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
