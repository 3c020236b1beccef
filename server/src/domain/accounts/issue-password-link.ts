import type { Db } from '../../db/client';
import { passwordResetTokens } from '../../db/schema/index';
import { type AuditActor, recordAudit } from '../audit/record-audit';
import { hashToken, newSecretToken } from '../crypto/secret-token';
import { sendEmail } from '../email/send-email';

export interface IssuePasswordLinkOptions {
  brandId: string;
  brandName: string;
  user: { id: string; firstName: string; email: string };
  /** `reset`: the user asked (or an admin asked for them); `invite`: a new account's first password. */
  purpose: 'reset' | 'invite';
  ttlMs: number;
  /** The page address the e-mailed link opens, given the token. */
  link: (token: string) => string;
  /** Seals the link in the outbox (`app.emailLinksKey`): only the recipient ever sees it. */
  linksKey: Buffer;
  /** Someone else's change this link is part of: recorded in the brand's audit log (entity `user`). */
  audit?: { actor: AuditActor; action: string; after: Record<string, unknown> };
}

const hoursOrMinutes = (ms: number) =>
  ms >= 2 * 3_600_000 ? `${Math.round(ms / 3_600_000)} hours` : `${Math.round(ms / 60_000)} minutes`;

/**
 * E-mails the user a single-use, time-limited link to choose a password (through the outbox),
 * audited when `audit` is given. Pass the transaction the caller runs in.
 */
export async function issuePasswordLink(db: Db, options: IssuePasswordLinkOptions): Promise<void> {
  const { user, brandName } = options;
  const token = newSecretToken();
  const expiresAt = new Date(Date.now() + options.ttlMs);
  await db.insert(passwordResetTokens).values({ tokenHash: hashToken(token), userId: user.id, expiresAt });
  const link = options.link(token);
  const within = `Open this link within ${hoursOrMinutes(options.ttlMs)} to choose`;
  const text =
    options.purpose === 'invite'
      ? `Namaste ${user.firstName},\n\n${brandName} has opened an account for you. ` +
        `${within} your password:\n\n${link}\n\nThe link works once.\n`
      : `Namaste ${user.firstName},\n\nSomeone asked to reset the password of your ${brandName} account. ` +
        `${within} a new password:\n\n${link}\n\n` +
        'The link works once. If you did not ask for it, ignore this e-mail: your password stays the same.\n';
  await sendEmail(db, {
    brandId: options.brandId,
    to: user.email,
    subject: options.purpose === 'invite' ? `Your ${brandName} account` : `Reset your ${brandName} password`,
    text,
    secretLinks: { links: [link], key: options.linksKey },
  });
  if (!options.audit) return;
  await recordAudit(db, {
    brandId: options.brandId,
    actor: options.audit.actor,
    action: options.audit.action,
    entityType: 'user',
    entityId: user.id,
    after: options.audit.after,
  });
}
