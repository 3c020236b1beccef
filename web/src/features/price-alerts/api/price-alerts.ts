import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PriceAlert } from '#shared/price-alerts';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /price-alerts: the signed-in user's alerts, newest first (set from the search results). */
export const priceAlertsQueryOptions = () =>
  queryOptions({ queryKey: ['price-alerts'], queryFn: () => apiGet<PriceAlert[]>('/price-alerts') });

export const usePriceAlerts = () => useQuery(priceAlertsQueryOptions());

/** DELETE /price-alerts/:id. */
export const useDeletePriceAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<PriceAlert>('DELETE', `/price-alerts/${encodeURIComponent(id)}`, undefined, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceAlertsQueryOptions().queryKey }),
  });
};
