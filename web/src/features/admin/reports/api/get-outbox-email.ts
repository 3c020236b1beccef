import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEmail } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/outbox/:id: one e-mail as sent (or to be sent). */
export const getOutboxEmail = (id: string) => apiGet<OutboxEmail>(`/admin/outbox/${id}`);

export const outboxEmailQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: adminKeys.email(id ?? ''),
    queryFn: () => getOutboxEmail(id as string),
    enabled: Boolean(id),
  });

export const useOutboxEmail = (id: string | null) => useQuery(outboxEmailQueryOptions(id));
