import type { UserDetails as ServerUser } from '#shared/accounts';
import { apiGet, apiPost } from '../../../lib/api-client';
import type { UserDetails } from '../../../stores/app-store';

export type { ServerUser };

export const login = (body: { login: string; password: string }) => apiPost<ServerUser>('/auth/login', body);

export const signup = (body: {
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  password: string;
}) => apiPost<ServerUser>('/auth/signup', body);

export const logout = () => apiPost<unknown>('/auth/logout', {});

export const fetchMe = () => apiGet<ServerUser>('/me');

export interface ClientProfile {
  clientCustomerDetails: { firstName: string; lastName: string; email: string; mobile: string; type: string };
}

/** Seed §7: a partner app's customer token → the customer's details and a session cookie. */
export const exchangeClientCustomerToken = (clientCustomerToken: string) =>
  apiPost<ClientProfile>('/clients/profile', { clientCustomerToken });

/** The server's user as the store holds it (spec §3 "store user"). */
export function toStoreUser(user: ServerUser): UserDetails {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: user.phone ?? '',
    type: user.type,
    wallet_balance: user.wallet_balance,
    commission_percent: user.commission_percent,
  };
}

/** Stored user data (spec §3) without the access token: the session is an HttpOnly cookie. */
export function toStoredUserData(user: ServerUser) {
  return {
    name: user.name,
    email: user.email ?? '',
    phone: user.phone ?? '',
    type: user.type,
    walletBalance: user.wallet_balance,
    commission_percent: user.commission_percent,
  };
}
