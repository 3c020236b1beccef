import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CredentialGateway, PaymentCredentialsStatus } from '#shared/payment-credentials';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** DELETE /admin/payment-credentials/:gateway: back to the platform's account for that gateway. */
export const removePaymentCredentials = (gateway: CredentialGateway) =>
  apiRequest<PaymentCredentialsStatus>('DELETE', `/admin/payment-credentials/${gateway}`, undefined, {});

export function useRemovePaymentCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePaymentCredentials,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.paymentCredentials }),
  });
}
