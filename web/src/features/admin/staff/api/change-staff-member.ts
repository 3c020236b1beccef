import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '#shared/staff';
import type { StaffRole } from '#shared/staff-roles';
import { apiPost, apiPut } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export type StaffChange = { kind: 'role'; id: string; role: StaffRole } | { kind: 'revoke'; id: string };

/** PUT /admin/staff/:id/role or POST /admin/staff/:id/revoke. */
export const changeStaffMember = (change: StaffChange) =>
  change.kind === 'role'
    ? apiPut<StaffMember>(`/admin/staff/${change.id}/role`, { role: change.role })
    : apiPost<StaffMember>(`/admin/staff/${change.id}/revoke`);

export function useChangeStaffMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffMember,
    onSuccess: () => {
      for (const queryKey of [adminKeys.staff, adminKeys.audit, adminKeys.users])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
