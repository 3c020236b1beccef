import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AgentCredit } from '#shared/wallet-statements';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/users/:id/wallet/credit: an agent's balance, credit limit and credit in use. */
export const getWalletCredit = (userId: string) =>
  apiGet<AgentCredit>(`/admin/users/${userId}/wallet/credit`);

export const walletCreditQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.walletCredit(userId),
    queryFn: () => getWalletCredit(userId),
    staleTime: 0,
  });

export const useWalletCredit = (userId: string) => useQuery(walletCreditQueryOptions(userId));
