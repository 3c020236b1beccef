import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError, invalidFields } from '../../errors';
import { assertNewPasswordAcceptable, passwordContextWords } from './check-new-password';
import type { PasswordHasher } from './password-hasher';

export interface ChangePasswordOptions {
  userId: string;
  brandId: string;
  currentPassword: string;
  newPassword: string;
  passwords: PasswordHasher;
}

export const WRONG_CURRENT_PASSWORD = 'This is not your current password.';

/**
 * Sets a signed-in user's new password once their current one is proved. The caller ends the
 * user's other sessions: whoever else held one no longer knows the password.
 */
export async function changePassword(db: Db, options: ChangePasswordOptions): Promise<void> {
  const [row] = await db
    .select({
      passwordHash: users.passwordHash,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(and(eq(users.id, options.userId), eq(users.brandId, options.brandId)));
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (!(await options.passwords.verify(row.passwordHash, options.currentPassword))) {
    throw invalidFields({ currentPassword: WRONG_CURRENT_PASSWORD });
  }
  assertNewPasswordAcceptable(options.newPassword, await passwordContextWords(db, options.brandId, row));
  if (options.newPassword === options.currentPassword) {
    throw invalidFields({ password: 'Choose a password different from the current one.' });
  }
  const passwordHash = await options.passwords.hash(options.newPassword);
  await db
    .update(users)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(and(eq(users.id, options.userId), eq(users.brandId, options.brandId)));
}
