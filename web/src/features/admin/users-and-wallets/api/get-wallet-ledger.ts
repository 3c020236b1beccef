import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletLedgerPage } from '#shared/admin-money';
import { API_BASE_PATH } from '#shared/constants';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/users/:id/wallet/entries: one page of an agent's wallet ledger. */
export const getWalletLedger = (userId: string, page: number) =>
  apiGet<WalletLedgerPage>(`/admin/users/${userId}/wallet/entries?page=${page}&pageSize=10`);

export const walletLedgerQueryOptions = (userId: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.ledger(userId, page),
    queryFn: () => getWalletLedger(userId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useWalletLedger = (userId: string, page: number) =>
  useQuery(walletLedgerQueryOptions(userId, page));

/** The ledger's CSV download (the session cookie authorises it). */
export const walletCsvUrl = (userId: string) => `${API_BASE_PATH}/admin/users/${userId}/wallet/entries.csv`;
