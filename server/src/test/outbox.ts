import type { emailOutbox } from '../db/schema/index';
import { recipientText } from '../domain/outbox/deliver-email-outbox';
import type { TestApp } from './test-app';

/**
 * The token of the password link in a queued e-mail, as its recipient will get it (the outbox
 * itself holds the link masked). Throws when the e-mail has no such link.
 */
export function recipientToken(
  t: Pick<TestApp, 'app'>,
  email: typeof emailOutbox.$inferSelect | undefined,
): string {
  const text = email ? recipientText(email, t.app.emailLinksKey) : '';
  const token = /reset-password\?token=([\w-]{20,})/.exec(text)?.[1];
  if (!token) throw new Error(`no password link in ${text}`);
  return token;
}
