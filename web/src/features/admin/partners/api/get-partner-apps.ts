import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PartnerApp } from '#shared/partner-apps';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/partner-apps: the apps (a bank's app, say) that sign their customers in. */
export const getPartnerApps = () => apiGet<PartnerApp[]>('/admin/partner-apps');

export const partnerAppsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.partners, queryFn: getPartnerApps, staleTime: 0 });

export const usePartnerApps = () => useQuery(partnerAppsQueryOptions());
