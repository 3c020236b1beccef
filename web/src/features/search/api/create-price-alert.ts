import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePriceAlertRequest, PriceAlert } from '#shared/price-alerts';
import { apiPost } from '../../../lib/api-client';

/** POST /price-alerts, from the results (Account → Price alerts lists them, under the same key). */
export const useCreatePriceAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreatePriceAlertRequest) => apiPost<PriceAlert>('/price-alerts', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['price-alerts'] }),
  });
};
