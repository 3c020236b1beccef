import type { Db } from '../../db/client';
import { emailOutbox } from '../../db/schema/index';

export interface SendEmailOptions {
  /** The brand the e-mail is sent for (its name and address will sign it once SMTP exists). */
  brandId: string | null;
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
}

/**
 * The one way the application sends e-mail. For now it writes to the `email_outbox` table;
 * SMTP delivery of the outbox comes with a later issue, so callers never change.
 */
export async function sendEmail(db: Db, options: SendEmailOptions): Promise<void> {
  await db.insert(emailOutbox).values(options);
}
