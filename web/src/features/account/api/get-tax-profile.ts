import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { userTaxProfile } from '#shared/finance';
import { apiGet } from '../../../lib/api-client';

export type UserTaxProfile = z.infer<typeof userTaxProfile>;

/** GET /me/tax-profile: the signed-in buyer's name and PAN for their tax invoices (null: none). */
export const getMyTaxProfile = () => apiGet<UserTaxProfile>('/me/tax-profile');

export const myTaxProfileQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'tax-profile'], queryFn: getMyTaxProfile });

export const useMyTaxProfile = () => useQuery(myTaxProfileQueryOptions());
