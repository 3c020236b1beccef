import type { Db } from '../../db/client';
import { emailOutbox, type OutboxAttachment } from '../../db/schema/index';
import { sealSecrets } from '../crypto/secret-box';

export interface SendEmailOptions {
  /** The brand the e-mail is sent for (its outbox; its name signs the e-mail). */
  brandId: string | null;
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** Files made when the e-mail goes out (by reference, e.g. an e-ticket by its booking). */
  attachments?: OutboxAttachment[];
  /**
   * Links in `text` that only the recipient may see (they sign in or set a password): stored
   * masked in the outbox and sealed with `key`, opened only by the delivery job
   * (docs/decisions/0008-masked-links-in-the-outbox.md).
   */
  secretLinks?: { links: string[]; key: Buffer };
}

/**
 * A secret link as the outbox shows it: its address with every query value hidden. The n-th link
 * of an e-mail gets its own mark, so that delivery puts each real link back in its place.
 */
export function maskLink(link: string, index: number): string {
  const url = new URL(link);
  const query = [...url.searchParams.keys()].map((name) => `${name}=********`).join('&');
  const mark = index === 0 ? '' : `#${index + 1}`;
  return `${url.origin}${url.pathname}${query ? `?${query}` : ''}${mark}`;
}

/**
 * The one way the application sends e-mail: a row in `email_outbox`, written in the caller's
 * transaction (so an e-mail exists exactly when its change commits). The outbox delivery job
 * (`deliverOutbox`) sends it over SMTP afterwards, outside any transaction.
 */
export async function sendEmail(db: Db, options: SendEmailOptions): Promise<void> {
  const { secretLinks, ...email } = options;
  let text = email.text;
  let sealedLinks: string | null = null;
  if (secretLinks && secretLinks.links.length > 0) {
    secretLinks.links.forEach((link, index) => {
      text = text.replaceAll(link, maskLink(link, index));
    });
    sealedLinks = sealSecrets(Object.fromEntries(secretLinks.links.entries()), secretLinks.key);
  }
  await db.insert(emailOutbox).values({ ...email, text, sealedLinks, attachments: email.attachments ?? [] });
}
