import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_BASE_PATH } from '#shared/constants';
import type { AgentCredit } from '#shared/wallet-statements';
import { apiGet } from '../../../lib/api-client';

/** GET /wallet: the signed-in agent's balance, credit limit and credit in use. */
export const getWallet = () => apiGet<AgentCredit>('/wallet');

export const walletQueryOptions = () =>
  queryOptions({ queryKey: ['wallet'], queryFn: getWallet, staleTime: 0 });

export const useWallet = () => useQuery(walletQueryOptions());

/** The signed-in agent's statement download (the session cookie authorises it). */
export const statementUrl = (from: string, to: string, format: 'csv' | 'xlsx') =>
  `${API_BASE_PATH}/wallet/statement?${new URLSearchParams({ from, to, format })}`;
