import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiKey } from '#shared/integrations';
import { apiGet } from '../../../lib/api-client';

/** GET /api-keys: the signed-in agent's keys (prefix, scopes, last use; never the key). */
export const getApiKeys = () => apiGet<ApiKey[]>('/api-keys');

export const apiKeysQueryOptions = () => queryOptions({ queryKey: ['api-keys'], queryFn: getApiKeys });

export const useApiKeys = () => useQuery(apiKeysQueryOptions());
