import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedWebhook, CreateWebhookRequest, Webhook, WebhookDelivery } from '#shared/integrations';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

/** The signed-in user's own webhooks (docs/webhooks.md): an agent's, or an admin's for the agency. */
const webhooksKey = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

/** GET /webhooks: your webhooks, never their secrets. */
export const webhooksQueryOptions = () =>
  queryOptions({ queryKey: webhooksKey, queryFn: () => apiGet<Webhook[]>('/webhooks'), staleTime: 0 });
export const useWebhooks = () => useQuery(webhooksQueryOptions());

/** GET /webhooks/:id/deliveries: the delivery log, newest first. */
export const useWebhookDeliveries = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => apiGet<WebhookDelivery[]>(`/webhooks/${encodeURIComponent(id)}/deliveries?limit=20`),
    enabled,
    staleTime: 0,
    // A delivery still pending is sent within seconds: look again until none is.
    refetchInterval: (query) => (query.state.data?.some((d) => d.state === 'pending') ? 2_000 : false),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: webhooksKey });
}

/** POST /webhooks: the secret is answered this once. */
export function useCreateWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateWebhookRequest) => apiPost<CreatedWebhook>('/webhooks', body),
    onSuccess: refresh,
  });
}

/** POST /webhooks/:id/test: a signed `webhook.test` to this webhook only. */
export function useTestWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => apiPost<WebhookDelivery>(`/webhooks/${encodeURIComponent(id)}/test`, {}),
    onSuccess: refresh,
  });
}

/** POST /webhooks/:id/deliveries/:deliveryId/redeliver: the same event again, now. */
export function useRedeliverWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; deliveryId: string }) =>
      apiPost<WebhookDelivery>(
        `/webhooks/${encodeURIComponent(input.id)}/deliveries/${encodeURIComponent(input.deliveryId)}/redeliver`,
        {},
      ),
    onSuccess: refresh,
  });
}

/** DELETE /webhooks/:id: nothing more is sent to it. */
export function useDeleteWebhook() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<Webhook>('DELETE', `/webhooks/${encodeURIComponent(id)}`, undefined, {}),
    onSuccess: refresh,
  });
}
