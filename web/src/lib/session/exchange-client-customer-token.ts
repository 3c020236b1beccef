import { apiPost } from '../api-client';

export interface ClientProfile {
  clientCustomerDetails: { firstName: string; lastName: string; email: string; mobile: string; type: string };
}

/** POST /clients/profile (spec §7): a partner app's customer token → the customer's details and a session cookie. */
export const exchangeClientCustomerToken = (clientCustomerToken: string) =>
  apiPost<ClientProfile>('/clients/profile', { clientCustomerToken });
