import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateSubAgentRequest, SubAgent } from '#shared/sub-agents';
import { apiPost } from '../../../lib/api-client';
import { subAgentsQueryOptions } from './get-sub-agents';

/** POST /agent/sub-agents: the new sub-agent (they get the e-mail to choose a password). */
export const createSubAgent = (body: CreateSubAgentRequest) => apiPost<SubAgent>('/agent/sub-agents', body);

export const useCreateSubAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAgentsQueryOptions().queryKey }),
  });
};
