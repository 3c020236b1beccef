import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TopUpResult } from '#shared/admin-money';
import type { SettlementRequest } from '#shared/wallet-statements';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** POST /admin/users/:id/wallet/settlements: record an agent's payment against their balance. */
export const recordSettlement = (userId: string, input: SettlementRequest) =>
  apiPost<TopUpResult>(`/admin/users/${userId}/wallet/settlements`, input);

export function useRecordSettlement(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SettlementRequest) => recordSettlement(userId, input),
    onSuccess: () => {
      for (const queryKey of [adminKeys.wallet(userId), adminKeys.users, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
