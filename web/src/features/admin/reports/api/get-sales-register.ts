import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '#shared/constants';
import type { SalesRegister } from '#shared/finance';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export interface SalesRegisterParams {
  /** A BS month, `2083-08`. */
  month: string;
  currency: 'NPR' | 'USD';
}

const query = (params: SalesRegisterParams, format: 'json' | 'csv' | 'xlsx') =>
  new URLSearchParams({ month: params.month, currency: params.currency, format }).toString();

/** GET /admin/reports/sales-register as JSON: the month's rows for the page's table. */
export const getSalesRegister = (params: SalesRegisterParams) =>
  apiGet<SalesRegister>(`/admin/reports/sales-register?${query(params, 'json')}`);

export const salesRegisterQueryOptions = (params: SalesRegisterParams) =>
  queryOptions({
    queryKey: adminKeys.salesRegister(params.month, params.currency),
    queryFn: () => getSalesRegister(params),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSalesRegister = (params: SalesRegisterParams) => useQuery(salesRegisterQueryOptions(params));

/** The register as a file (the session cookie authorises the download). */
export const salesRegisterFileUrl = (params: SalesRegisterParams, format: 'csv' | 'xlsx') =>
  `${API_BASE_PATH}/admin/reports/sales-register?${query(params, format)}`;
