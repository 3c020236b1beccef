import type { PasswordChangeRequest } from '#shared/accounts';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/password: the signed-in user's new password; their other sessions end. */
export const changePassword = (body: PasswordChangeRequest) => apiPost<unknown>('/auth/password', body);
