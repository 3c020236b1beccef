import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SaveSupplierTokenRequest, SupplierTokenStatus } from '#shared/supplier-credentials';
import { apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** PUT /admin/supplier-credentials/duffel: the brand's own Duffel access token. */
export const saveDuffelToken = (input: SaveSupplierTokenRequest) =>
  apiPut<SupplierTokenStatus>('/admin/supplier-credentials/duffel', { accessToken: input.accessToken });

export function useSaveDuffelToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveDuffelToken,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.duffelToken }),
  });
}
