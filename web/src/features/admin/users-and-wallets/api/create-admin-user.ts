import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, CreateUserRequest } from '#shared/admin';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** POST /admin/users: a new user, who gets a set-password e-mail (in the outbox). */
export const createAdminUser = (input: CreateUserRequest) => apiPost<AdminUser>('/admin/users', input);

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdminUser,
    onSuccess: () => {
      for (const queryKey of [adminKeys.users, adminKeys.audit, adminKeys.outbox])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
