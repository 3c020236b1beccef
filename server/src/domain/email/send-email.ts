import type { Db } from '../../db/client';
import { emailOutbox, type OutboxAttachment } from '../../db/schema/index';

export interface SendEmailOptions {
  /** The brand the e-mail is sent for (its outbox; its name signs the e-mail). */
  brandId: string | null;
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /** Files made when the e-mail goes out (by reference, e.g. an e-ticket by its booking). */
  attachments?: OutboxAttachment[];
}

/**
 * The one way the application sends e-mail: a row in `email_outbox`, written in the caller's
 * transaction (so an e-mail exists exactly when its change commits). The outbox delivery job
 * (`deliverOutbox`) sends it over SMTP afterwards, outside any transaction.
 */
export async function sendEmail(db: Db, options: SendEmailOptions): Promise<void> {
  await db.insert(emailOutbox).values({ ...options, attachments: options.attachments ?? [] });
}
