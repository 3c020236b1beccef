import type { z } from 'zod';
import type { passwordResetRequest } from '#shared/accounts';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/password-reset: a reset link by e-mail (the same answer whether the address is known or not). */
export const requestPasswordReset = (body: z.input<typeof passwordResetRequest>) =>
  apiPost<unknown>('/auth/password-reset', body);
