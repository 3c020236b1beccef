import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { sendEmail } from '../email/send-email';

/** The brand's active owners' e-mail addresses. */
export async function ownerEmails(db: Db, brandId: string): Promise<string[]> {
  const owners = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.brandId, brandId),
        eq(users.type, 'admin'),
        eq(users.staffRole, 'owner'),
        isNull(users.suspendedAt),
      ),
    );
  return owners.flatMap((owner) => (owner.email ? [owner.email] : []));
}

/** E-mails every owner of the brand about a four-eyes step, through the outbox (no link in it). */
export async function notifyOwners(
  db: Db,
  options: { brandId: string; subject: string; text: string },
): Promise<void> {
  for (const to of await ownerEmails(db, options.brandId)) {
    await sendEmail(db, { brandId: options.brandId, to, subject: options.subject, text: options.text });
  }
}
