import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierTokenStatus } from '#shared/supplier-credentials';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** DELETE /admin/supplier-credentials/duffel: back to the site's Duffel account. */
export const removeDuffelToken = () =>
  apiRequest<SupplierTokenStatus>('DELETE', '/admin/supplier-credentials/duffel', undefined, {});

export function useRemoveDuffelToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDuffelToken,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.duffelToken }),
  });
}
