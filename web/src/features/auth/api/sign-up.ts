import type { SignupRequest, UserDetails } from '#shared/accounts';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/signup: a new customer account, signed in (a session cookie). */
export const signUp = (body: SignupRequest) => apiPost<UserDetails>('/auth/signup', body);
