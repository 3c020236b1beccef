import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '#shared/integrations';
import { apiRequest } from '../../../lib/api-client';
import { apiKeysQueryOptions } from './get-api-keys';

/** DELETE /api-keys/:id: revokes the key at once. */
export const revokeApiKey = (id: string) =>
  apiRequest<ApiKey>('DELETE', `/api-keys/${encodeURIComponent(id)}`, undefined, {});

export const useRevokeApiKey = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions().queryKey }),
  });
};
