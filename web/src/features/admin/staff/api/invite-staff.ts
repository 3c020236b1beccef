import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InviteStaffRequest, StaffInvitation } from '#shared/staff';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** POST /admin/staff/invitations: an e-mail (through the outbox) with a one-time link to join. */
export const inviteStaff = (input: InviteStaffRequest) =>
  apiPost<StaffInvitation>('/admin/staff/invitations', input);

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => {
      for (const queryKey of [adminKeys.staff, adminKeys.audit, adminKeys.outbox])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
