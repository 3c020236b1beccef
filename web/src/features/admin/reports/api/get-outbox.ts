import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OutboxEmailSummary, Page } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/outbox: one page of the brand's e-mails with their delivery state. */
export const getOutbox = (page: number) => apiGet<Page<OutboxEmailSummary>>(`/admin/outbox?page=${page}`);

export const outboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.outboxPage(page),
    queryFn: () => getOutbox(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useOutbox = (page: number) => useQuery(outboxQueryOptions(page));
