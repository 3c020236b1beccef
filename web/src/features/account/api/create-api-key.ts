import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateApiKeyRequest, CreatedApiKey } from '#shared/integrations';
import { apiPost } from '../../../lib/api-client';
import { apiKeysQueryOptions } from './get-api-keys';

/** POST /api-keys: the new key, answered this once in `key`. */
export const createApiKey = (body: CreateApiKeyRequest) => apiPost<CreatedApiKey>('/api-keys', body);

export const useCreateApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
};
