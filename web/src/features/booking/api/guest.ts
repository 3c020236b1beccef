import type { GuestClaimRequest, GuestRequest, UserDetails } from '#shared/accounts';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/guest: a fresh guest customer with a session cookie, for checkout without an account. */
export const continueAsGuest = (body: GuestRequest) => apiPost<UserDetails>('/auth/guest', body);

/** POST /auth/guest/claim: the guest's e-mail and mobile with this password become an account. */
export const claimGuestAccount = (body: GuestClaimRequest) => apiPost<UserDetails>('/auth/guest/claim', body);
