import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema/index';
import { sendEmail } from '../email/send-email';
import { hashToken, newSecretToken } from './secret-token';

export interface RequestPasswordResetOptions {
  brandId: string;
  brandName: string;
  /** Normalised e-mail address. */
  email: string;
  /** How long the link works. */
  ttlMs: number;
  /** The page address the e-mailed link opens, given the token. */
  resetLink: (token: string) => string;
}

/**
 * E-mails a single-use, time-limited reset link to the user with this address, if there is one.
 * It answers the same either way, so the call never tells whether an account exists.
 */
export async function requestPasswordReset(db: Db, options: RequestPasswordResetOptions): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, firstName: users.firstName })
      .from(users)
      .where(and(eq(users.brandId, options.brandId), eq(users.email, options.email)));
    if (!user) return;
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + options.ttlMs);
    await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId: user.id, expiresAt });
    const minutes = Math.round(options.ttlMs / 60_000);
    await sendEmail(tx, {
      brandId: options.brandId,
      to: options.email,
      subject: `Reset your ${options.brandName} password`,
      text:
        `Namaste ${user.firstName},\n\nSomeone asked to reset the password of your ${options.brandName} account. ` +
        `Open this link within ${minutes} minutes to choose a new password:\n\n${options.resetLink(token)}\n\n` +
        'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.\n',
    });
  });
}
