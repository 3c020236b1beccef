import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DepositRequestPage } from '#shared/deposit-requests';
import { apiGet } from '../../../lib/api-client';

/** GET /wallet/deposit-requests: the signed-in agent's latest deposit requests and their status. */
export const getDepositRequests = () => apiGet<DepositRequestPage>('/wallet/deposit-requests?pageSize=10');

export const depositRequestsQueryOptions = () =>
  queryOptions({ queryKey: ['wallet', 'deposit-requests'], queryFn: getDepositRequests, staleTime: 0 });

export const useDepositRequests = () => useQuery(depositRequestsQueryOptions());
