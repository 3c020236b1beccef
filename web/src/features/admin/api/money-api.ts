import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Markup,
  MarkupInput,
  ReportGroup,
  SalesReport,
  TopUpRequest,
  TopUpResult,
  WalletLedgerPage,
} from '#shared/admin-money';
import { API_BASE_PATH } from '#shared/constants';
import { apiGet, apiPost, apiPut, apiRequest } from '../../../lib/api-client';

/** Wallets, markups and reports of the console (all under the `admin` key, dropped at log-out). */
export const moneyKeys = {
  ledger: (userId: string, page: number) => ['admin', 'wallet', userId, page] as const,
  markups: ['admin', 'markups'] as const,
  report: (query: ReportParams) => ['admin', 'reports', query] as const,
};

export function useWalletLedger(userId: string, page: number) {
  return useQuery({
    queryKey: moneyKeys.ledger(userId, page),
    queryFn: () => apiGet<WalletLedgerPage>(`/admin/users/${userId}/wallet/entries?page=${page}&pageSize=10`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The ledger's CSV download (the session cookie authorises it). */
export const walletCsvUrl = (userId: string) => `${API_BASE_PATH}/admin/users/${userId}/wallet/entries.csv`;

export function useTopUp(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TopUpRequest) => apiPost<TopUpResult>(`/admin/users/${userId}/wallet/top-ups`, input),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['admin', 'wallet', userId] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export function useMarkups() {
  return useQuery({
    queryKey: moneyKeys.markups,
    queryFn: () => apiGet<Markup[]>('/admin/markups'),
    staleTime: 0,
  });
}

export type MarkupAction =
  | { kind: 'create'; input: MarkupInput }
  | { kind: 'update'; id: string; input: MarkupInput }
  | { kind: 'delete'; id: string };

export function useMarkupAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: MarkupAction) => {
      if (action.kind === 'create') return apiPost<Markup>('/admin/markups', action.input);
      if (action.kind === 'update') return apiPut<Markup>(`/admin/markups/${action.id}`, action.input);
      return apiRequest<unknown>('DELETE', `/admin/markups/${action.id}`, undefined, {});
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: moneyKeys.markups });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}

export interface ReportParams {
  from: string;
  to: string;
  groupBy: ReportGroup;
}

const reportQuery = (params: ReportParams) => new URLSearchParams({ ...params }).toString();

export function useReport(params: ReportParams) {
  return useQuery({
    queryKey: moneyKeys.report(params),
    queryFn: () => apiGet<SalesReport>(`/admin/reports?${reportQuery(params)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const reportCsvUrl = (params: ReportParams) =>
  `${API_BASE_PATH}/admin/reports.csv?${reportQuery(params)}`;
