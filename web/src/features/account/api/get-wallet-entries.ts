import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WalletLedgerPage } from '#shared/admin-money';
import { apiGet } from '../../../lib/api-client';

/** GET /wallet/entries: one page of the signed-in agent's ledger, newest first, with running balances. */
export const getWalletEntries = (page: number) =>
  apiGet<WalletLedgerPage>(`/wallet/entries?page=${page}&pageSize=10`);

export const walletEntriesQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['wallet', 'entries', page],
    queryFn: () => getWalletEntries(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useWalletEntries = (page: number) => useQuery(walletEntriesQueryOptions(page));
