import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CredentialGateway,
  PaymentCredentialsStatus,
  SavePaymentCredentialsRequest,
} from '#shared/payment-credentials';
import { apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** PUT /admin/payment-credentials/:gateway: the brand's own merchant account for a gateway. */
export const savePaymentCredentials = (
  input: SavePaymentCredentialsRequest & { gateway: CredentialGateway },
) =>
  apiPut<PaymentCredentialsStatus>(`/admin/payment-credentials/${input.gateway}`, {
    environment: input.environment,
    settings: input.settings,
    secrets: input.secrets,
  });

export function useSavePaymentCredentials() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePaymentCredentials,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.paymentCredentials }),
  });
}
