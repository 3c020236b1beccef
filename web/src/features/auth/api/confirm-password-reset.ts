import type { z } from 'zod';
import type { passwordResetConfirm } from '#shared/accounts';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/password-reset/confirm: the e-mailed token and the new password. */
export const confirmPasswordReset = (body: z.input<typeof passwordResetConfirm>) =>
  apiPost<unknown>('/auth/password-reset/confirm', body);
