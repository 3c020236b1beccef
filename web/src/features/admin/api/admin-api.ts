import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserDetails, UserType } from '#shared/accounts';
import type {
  AdminUser,
  AuditEntry,
  BrandSettings,
  CreateUserRequest,
  ListUsersQuery,
  OutboxEmail,
  OutboxEmailSummary,
  Page,
  UpdateBrandSettingsRequest,
  UploadedAsset,
} from '#shared/admin';
import type { PartnerApp } from '#shared/partner-apps';
import { ApiError, apiGet, apiPatch, apiPost, apiPut, apiUpload } from '../../../lib/api-client';

/** Query keys of the console; everything under `admin` is dropped at log-out. */
export const adminKeys = {
  all: ['admin'] as const,
  me: ['admin', 'me'] as const,
  brand: ['admin', 'brand'] as const,
  users: (query: ListUsersQuery) => ['admin', 'users', query] as const,
  partners: ['admin', 'partner-apps'] as const,
  outbox: (page: number) => ['admin', 'outbox', page] as const,
  email: (id: string) => ['admin', 'outbox', 'email', id] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
};

/** Query-string of the defined, non-empty parameters. */
export const toQuery = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params)
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  ).toString();

/** The signed-in user, or null when nobody is (401). */
export function useMe() {
  return useQuery({
    queryKey: adminKeys.me,
    queryFn: async () => {
      try {
        return await apiGet<UserDetails>('/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });
}

export function useLogIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { login: string; password: string }) => apiPost<UserDetails>('/auth/login', input),
    onSuccess: (user) => queryClient.setQueryData(adminKeys.me, user),
  });
}

export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost<{ message: string }>('/auth/logout'),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: adminKeys.all });
      queryClient.setQueryData(adminKeys.me, null);
    },
  });
}

export function useBrandSettings() {
  return useQuery({
    queryKey: adminKeys.brand,
    queryFn: () => apiGet<BrandSettings>('/admin/brand'),
    staleTime: 0,
  });
}

export function useSaveBrandSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateBrandSettingsRequest) => apiPut<BrandSettings>('/admin/brand', input),
    onSuccess: (saved) => queryClient.setQueryData(adminKeys.brand, saved),
  });
}

export const uploadImage = (file: File) => apiUpload<UploadedAsset>('/admin/uploads', file);

export function useUsers(query: ListUsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(query),
    queryFn: () => apiGet<Page<AdminUser>>(`/admin/users?${toQuery(query)}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Refreshes the users list and the audit log after a change. */
function useRefreshAfterUserChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'outbox'] });
  };
}

export function useCreateUser() {
  const onSuccess = useRefreshAfterUserChange();
  return useMutation({
    mutationFn: (input: CreateUserRequest) => apiPost<AdminUser>('/admin/users', input),
    onSuccess,
  });
}

export type UserAction =
  | { kind: 'suspend' | 'reinstate' | 'reset-password'; id: string }
  | { kind: 'change-type'; id: string; type: UserType };

export function useUserAction() {
  const onSuccess = useRefreshAfterUserChange();
  return useMutation({
    mutationFn: (action: UserAction) =>
      action.kind === 'change-type'
        ? apiPatch<AdminUser>(`/admin/users/${action.id}`, { type: action.type })
        : apiPost<unknown>(`/admin/users/${action.id}/${action.kind}`),
    onSuccess,
  });
}

export function usePartnerApps() {
  return useQuery({
    queryKey: adminKeys.partners,
    queryFn: () => apiGet<PartnerApp[]>('/admin/partner-apps'),
    staleTime: 0,
  });
}

export type PartnerWithSecret = PartnerApp & { clientSecret: string };

export function usePartnerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (
      action: { kind: 'register'; name: string } | { kind: 'rotate-secret' | 'revoke'; id: string },
    ) =>
      action.kind === 'register'
        ? apiPost<PartnerWithSecret>('/admin/partner-apps', { name: action.name })
        : apiPost<PartnerApp | PartnerWithSecret>(`/admin/partner-apps/${action.id}/${action.kind}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.partners }),
  });
}

export function useOutbox(page: number) {
  return useQuery({
    queryKey: adminKeys.outbox(page),
    queryFn: () => apiGet<Page<OutboxEmailSummary>>(`/admin/outbox?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useOutboxEmail(id: string | null) {
  return useQuery({
    queryKey: adminKeys.email(id ?? ''),
    queryFn: () => apiGet<OutboxEmail>(`/admin/outbox/${id}`),
    enabled: Boolean(id),
  });
}

export function useAudit(page: number) {
  return useQuery({
    queryKey: adminKeys.audit(page),
    queryFn: () => apiGet<Page<AuditEntry>>(`/admin/audit?page=${page}`),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
