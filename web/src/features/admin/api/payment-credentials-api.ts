import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CredentialGateway,
  PaymentCredentialsStatus,
  SavePaymentCredentialsRequest,
} from '#shared/payment-credentials';
import { apiGet, apiPut, apiRequest } from '../../../lib/api-client';

const key = ['admin', 'payment-credentials'] as const;

export function usePaymentCredentials() {
  return useQuery({
    queryKey: key,
    queryFn: () => apiGet<PaymentCredentialsStatus[]>('/admin/payment-credentials'),
    staleTime: 0,
  });
}

export function useSavePaymentCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SavePaymentCredentialsRequest & { gateway: CredentialGateway }) =>
      apiPut<PaymentCredentialsStatus>(`/admin/payment-credentials/${input.gateway}`, {
        environment: input.environment,
        settings: input.settings,
        secrets: input.secrets,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}

export function useRemovePaymentCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (gateway: CredentialGateway) =>
      apiRequest<PaymentCredentialsStatus>('DELETE', `/admin/payment-credentials/${gateway}`, undefined, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
}
