import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Markup } from '#shared/admin-money';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/markups: the brand's markups on fares. */
export const getMarkups = () => apiGet<Markup[]>('/admin/markups');

export const markupsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.markups, queryFn: getMarkups, staleTime: 0 });

export const useMarkups = () => useQuery(markupsQueryOptions());
