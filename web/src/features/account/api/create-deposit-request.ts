import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DepositRequest, DepositRequestInput } from '#shared/deposit-requests';
import { apiPost } from '../../../lib/api-client';

/** POST /wallet/deposit-requests: ask for a bank deposit to be credited to the wallet. */
export const createDepositRequest = (input: DepositRequestInput) =>
  apiPost<DepositRequest>('/wallet/deposit-requests', input);

export function useCreateDepositRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDepositRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['wallet', 'deposit-requests'] }),
  });
}
