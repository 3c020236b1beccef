import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAgent } from '#shared/sub-agents';
import { apiPut } from '../../../lib/api-client';
import { subAgentsQueryOptions } from './get-sub-agents';

/** PUT /agent/sub-agents/:id/markup: the master's own markup on the sub-agent's price. */
export const setSubAgentMarkup = ({ id, percent }: { id: string; percent: number }) =>
  apiPut<SubAgent>(`/agent/sub-agents/${encodeURIComponent(id)}/markup`, {
    master_markup_percent: percent,
  });

export const useSetSubAgentMarkup = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSubAgentMarkup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAgentsQueryOptions().queryKey }),
  });
};
