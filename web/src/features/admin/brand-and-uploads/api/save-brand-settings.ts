import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandSettings, UpdateBrandSettingsRequest } from '#shared/admin';
import { apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** PUT /admin/brand: the whole site configuration and host names at once. */
export const saveBrandSettings = (input: UpdateBrandSettingsRequest) =>
  apiPut<BrandSettings>('/admin/brand', input);

export function useSaveBrandSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrandSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.brand, saved),
  });
}
