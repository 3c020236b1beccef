import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SubAgentList } from '#shared/sub-agents';
import { apiGet } from '../../../lib/api-client';

/** GET /agent/sub-agents: the master agent's sub-agents with their balances and grants. */
export const getSubAgents = () => apiGet<SubAgentList>('/agent/sub-agents');

export const subAgentsQueryOptions = () => queryOptions({ queryKey: ['sub-agents'], queryFn: getSubAgents });

export const useSubAgents = () => useQuery(subAgentsQueryOptions());
