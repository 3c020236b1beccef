import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Page } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/audit: one page of the brand's audit log, newest first. */
export const getAuditLog = (page: number) => apiGet<Page<AuditEntry>>(`/admin/audit?page=${page}`);

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.auditPage(page),
    queryFn: () => getAuditLog(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAuditLog = (page: number) => useQuery(auditLogQueryOptions(page));
