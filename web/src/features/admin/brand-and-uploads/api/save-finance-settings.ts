import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FinanceSettings, FinanceSettingsInput } from '#shared/finance';
import { apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** PUT /admin/finance-settings: the void fees (audited). */
export const saveFinanceSettings = (input: FinanceSettingsInput) =>
  apiPut<FinanceSettings>('/admin/finance-settings', input);

export function useSaveFinanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFinanceSettings,
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.financeSettings, saved),
  });
}
