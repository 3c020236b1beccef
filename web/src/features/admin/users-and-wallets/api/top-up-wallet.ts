import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopUpRequest, TopUpResult } from '#shared/admin-money';
import type { PendingApprovalResult } from '#shared/approvals';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** POST /admin/users/:id/wallet/top-ups: credit an agent's wallet against a reference (202 above the threshold: a pending approval). */
export const topUpWallet = (userId: string, input: TopUpRequest) =>
  apiPost<TopUpResult | PendingApprovalResult>(`/admin/users/${userId}/wallet/top-ups`, input);

export function useTopUpWallet(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TopUpRequest) => topUpWallet(userId, input),
    onSuccess: () => {
      for (const queryKey of [
        adminKeys.wallet(userId),
        adminKeys.users,
        adminKeys.audit,
        adminKeys.approvals,
      ])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
