import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrandTaxProfile } from '#shared/finance';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/tax-profile: the seller's details the brand's tax invoices print (null: none yet). */
export const getTaxProfile = () => apiGet<BrandTaxProfile>('/admin/tax-profile');

export const taxProfileQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.taxProfile, queryFn: getTaxProfile });

export const useTaxProfile = () => useQuery(taxProfileQueryOptions());
