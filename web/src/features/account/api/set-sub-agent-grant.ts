import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAgent } from '#shared/sub-agents';
import { apiPut } from '../../../lib/api-client';
import { subAgentsQueryOptions } from './get-sub-agents';

/** PUT /agent/sub-agents/:id/grant: the part of the master's commission the sub-agent gets. */
export const setSubAgentGrant = ({ id, percent }: { id: string; percent: number }) =>
  apiPut<SubAgent>(`/agent/sub-agents/${encodeURIComponent(id)}/grant`, {
    granted_commission_percent: percent,
  });

export const useSetSubAgentGrant = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubAgentGrant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAgentsQueryOptions().queryKey }),
  });
};
