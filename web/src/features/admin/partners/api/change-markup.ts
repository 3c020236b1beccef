import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Markup, MarkupInput } from '#shared/admin-money';
import { apiPost, apiPut, apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

export type MarkupAction =
  | { kind: 'create'; input: MarkupInput }
  | { kind: 'update'; id: string; input: MarkupInput }
  | { kind: 'delete'; id: string };

/** POST /admin/markups, PUT /admin/markups/:id or DELETE /admin/markups/:id. */
export function changeMarkup(action: MarkupAction) {
  if (action.kind === 'create') return apiPost<Markup>('/admin/markups', action.input);
  if (action.kind === 'update') return apiPut<Markup>(`/admin/markups/${action.id}`, action.input);
  return apiRequest<unknown>('DELETE', `/admin/markups/${action.id}`, undefined, {});
}

export function useChangeMarkup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMarkup,
    onSuccess: () => {
      for (const queryKey of [adminKeys.markups, adminKeys.audit])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}
