import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Page, SmsOutboxEntry } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/sms-outbox: one page of the brand's SMS with their delivery log. */
export const getSmsOutbox = (page: number) => apiGet<Page<SmsOutboxEntry>>(`/admin/sms-outbox?page=${page}`);

export const smsOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.smsPage(page),
    queryFn: () => getSmsOutbox(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useSmsOutbox = (page: number) => useQuery(smsOutboxQueryOptions(page));
