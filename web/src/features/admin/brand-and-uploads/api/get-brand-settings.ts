import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandSettings } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/brand: the brand's site configuration and host names. */
export const getBrandSettings = () => apiGet<BrandSettings>('/admin/brand');

export const brandSettingsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.brand, queryFn: getBrandSettings, staleTime: 0 });

export const useBrandSettings = () => useQuery(brandSettingsQueryOptions());
