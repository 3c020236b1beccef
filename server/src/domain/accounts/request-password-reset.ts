import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { issuePasswordLink } from './issue-password-link';

export interface RequestPasswordResetOptions {
  brandId: string;
  brandName: string;
  /** Normalised e-mail address. */
  email: string;
  /** How long the link works. */
  ttlMs: number;
  /** The page address the e-mailed link opens, given the token. */
  resetLink: (token: string) => string;
  /** Seals the link in the outbox (`app.emailLinksKey`): only the recipient ever sees it. */
  linksKey: Buffer;
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
    await issuePasswordLink(tx, {
      brandId: options.brandId,
      brandName: options.brandName,
      user: { ...user, email: options.email },
      purpose: 'reset',
      ttlMs: options.ttlMs,
      link: options.resetLink,
      linksKey: options.linksKey,
    });
  });
}
