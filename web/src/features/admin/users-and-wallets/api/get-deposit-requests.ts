import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminDepositRequestPage, DepositRequestStatus } from '#shared/deposit-requests';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/deposit-requests: one page of agents' deposit requests, of one status or all (''). */
export const getDepositRequests = (status: DepositRequestStatus | '', page: number) =>
  apiGet<AdminDepositRequestPage>(
    `/admin/deposit-requests?${new URLSearchParams({ page: String(page), pageSize: '20', ...(status ? { status } : {}) })}`,
  );

export const depositRequestsQueryOptions = (status: DepositRequestStatus | '', page: number) =>
  queryOptions({
    queryKey: adminKeys.depositRequestsPage(status, page),
    queryFn: () => getDepositRequests(status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useDepositRequests = (status: DepositRequestStatus | '', page: number) =>
  useQuery(depositRequestsQueryOptions(status, page));
