import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PaymentCredentialsStatus } from '#shared/payment-credentials';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys } from '../../shared/api/admin-keys';

/** GET /admin/payment-credentials: each gateway's saved merchant account (never its secrets). */
export const getPaymentCredentials = () => apiGet<PaymentCredentialsStatus[]>('/admin/payment-credentials');

export const paymentCredentialsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.paymentCredentials, queryFn: getPaymentCredentials, staleTime: 0 });

export const usePaymentCredentials = () => useQuery(paymentCredentialsQueryOptions());
