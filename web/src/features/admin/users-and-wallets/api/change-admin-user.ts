import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '#shared/accounts';
import type { AdminUser } from '#shared/admin';
import { apiPatch, apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export type UserAction =
  | { kind: 'suspend' | 'reinstate' | 'reset-password'; id: string }
  | { kind: 'change-type'; id: string; type: UserType };

/**
 * One change to a user: PATCH /admin/users/:id (its type) or POST /admin/users/:id/suspend,
 * /reinstate or /reset-password. The row's buttons share one pending state, so one mutation.
 */
export const changeAdminUser = (action: UserAction) =>
  action.kind === 'change-type'
    ? apiPatch<AdminUser>(`/admin/users/${action.id}`, { type: action.type })
    : apiPost<unknown>(`/admin/users/${action.id}/${action.kind}`);

export function useChangeAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeAdminUser,
    onSuccess: () => {
      for (const queryKey of [adminKeys.users, adminKeys.audit, adminKeys.outbox])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
