import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FinanceSettings } from '#shared/finance';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/finance-settings: the brand's void fees (minor units; 0 unless set). */
export const getFinanceSettings = () => apiGet<FinanceSettings>('/admin/finance-settings');

export const financeSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.financeSettings, queryFn: getFinanceSettings });

export const useFinanceSettings = () => useQuery(financeSettingsQueryOptions());
