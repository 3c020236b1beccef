import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BrandTaxProfile, BrandTaxProfileInput } from '#shared/finance';
import { apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** PUT /admin/tax-profile: the seller's name, address, PAN and VAT registration (audited). */
export const saveTaxProfile = (input: BrandTaxProfileInput) =>
  apiPut<BrandTaxProfile>('/admin/tax-profile', input);

export function useSaveTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTaxProfile,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.taxProfile, saved),
  });
}
