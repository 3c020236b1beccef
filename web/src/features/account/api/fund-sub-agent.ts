import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubAgentTransfer } from '#shared/sub-agents';
import { apiRequest } from '../../../lib/api-client';
import { subAgentsQueryOptions } from './get-sub-agents';

export interface FundSubAgentInput {
  id: string;
  /** Minor units. */
  amount: number;
  /** One per transfer the person means: a retry of the same click moves the money once. */
  idempotencyKey: string;
}

/** POST /agent/sub-agents/:id/transfers: money from the master's wallet to the sub-agent's. */
export const fundSubAgent = ({ id, amount, idempotencyKey }: FundSubAgentInput) =>
  apiRequest<SubAgentTransfer>(
    'POST',
    `/agent/sub-agents/${encodeURIComponent(id)}/transfers`,
    { amount },
    { 'Idempotency-Key': idempotencyKey },
  );

export const useFundSubAgent = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fundSubAgent,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subAgentsQueryOptions().queryKey }),
  });
};
