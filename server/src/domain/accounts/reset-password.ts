import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/index';
import { AppError } from '../../errors';
import { hashToken } from '../crypto/secret-token';
import { assertNewPasswordAcceptable, passwordContextWords } from './check-new-password';
import type { PasswordHasher } from './password-hasher';

export interface ResetPasswordOptions {
  brandId: string;
  /** The token from the e-mailed link. */
  token: string;
  newPassword: string;
  passwords: PasswordHasher;
}

/**
 * Sets a new password with a reset token, which is used up at once (a second use fails), and
 * answers the user's id so the caller can end every session of that user.
 */
export async function resetPassword(db: Db, options: ResetPasswordOptions): Promise<{ userId: string }> {
  // The same rule as at sign-up and change, with the words this person and brand are known by.
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(eq(passwordResetTokens.tokenHash, hashToken(options.token)), eq(users.brandId, options.brandId)),
    );
  assertNewPasswordAcceptable(
    options.newPassword,
    owner ? await passwordContextWords(db, options.brandId, owner) : [],
  );
  const passwordHash = await options.passwords.hash(options.newPassword);
  return db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(options.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!used) throw new AppError('INVALID_RESET_TOKEN');
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, used.userId), eq(users.brandId, options.brandId)))
      .returning({ id: users.id });
    if (!user) throw new AppError('INVALID_RESET_TOKEN');
    // Every other link of this user stops working too: an older e-mail cannot reset it again.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    return { userId: user.id };
  });
}
