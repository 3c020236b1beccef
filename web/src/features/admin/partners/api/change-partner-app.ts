import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PartnerApp } from '#shared/partner-apps';
import { apiPost } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export type PartnerWithSecret = PartnerApp & { clientSecret: string };

export type PartnerAction =
  | { kind: 'register'; name: string }
  | { kind: 'rotate-secret' | 'revoke'; id: string };

/** POST /admin/partner-apps (register), or /admin/partner-apps/:id/rotate-secret or /revoke. */
export const changePartnerApp = (action: PartnerAction) =>
  action.kind === 'register'
    ? apiPost<PartnerWithSecret>('/admin/partner-apps', { name: action.name })
    : apiPost<PartnerApp | PartnerWithSecret>(`/admin/partner-apps/${action.id}/${action.kind}`);

export function useChangePartnerApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePartnerApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.partners }),
  });
}
