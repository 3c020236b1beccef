import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userTaxProfileInput } from '#shared/finance';
import { apiPut } from '../../../lib/api-client';
import type { UserTaxProfile } from './get-tax-profile';

/** PUT /me/tax-profile: invoices of later payments name this buyer and PAN. */
export const saveMyTaxProfile = (input: z.input<typeof userTaxProfileInput>) =>
  apiPut<UserTaxProfile>('/me/tax-profile', input);

export function useSaveMyTaxProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMyTaxProfile,
    onSuccess: (saved) => queryClient.setQueryData(['me', 'tax-profile'], saved),
  });
}
