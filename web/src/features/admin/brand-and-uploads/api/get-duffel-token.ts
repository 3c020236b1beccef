import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupplierTokenStatus } from '#shared/supplier-credentials';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/supplier-credentials/duffel: whether the brand saved its own Duffel token (its hint only). */
export const getDuffelToken = () => apiGet<SupplierTokenStatus>('/admin/supplier-credentials/duffel');

export const duffelTokenQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.duffelToken, queryFn: getDuffelToken, staleTime: 0 });

export const useDuffelToken = () => useQuery(duffelTokenQueryOptions());
