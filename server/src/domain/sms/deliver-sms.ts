import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { bookings, type SmsKind, smsOutbox } from '../../db/schema/index';
import type { SmsProvider } from '../../sms/sms-provider';
import { sendEmail } from '../email/send-email';

/** Attempts before a message is given up (about 4 hours of back-off). */
export const SMS_MAX_ATTEMPTS = 8;

/** Kinds with no e-mail of their own: given up, their text goes to the e-mail outbox instead. */
const FALLBACK_EMAIL_SUBJECT: Partial<Record<SmsKind, string>> = {
  held: 'Your booking is held',
  reminder: 'Your flight reminder',
};

export interface DeliverSmsOptions {
  /** The configured gateway (SMS_PROVIDER); null: nothing is sent, the messages wait. */
  provider: SmsProvider | null;
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Messages claimed per pass. */
  limit?: number;
}

/** 1, 2, 4 … minutes after each failed attempt, at most an hour. */
const backOffSeconds = (attempts: number) => Math.min(60 * 2 ** Math.max(attempts - 1, 0), 3_600);

/**
 * One pass of the `sms.deliver` job: claims due messages (several instances never take the same
 * one; a crashed sender's claim lapses after five minutes), drops those past their `not_after`
 * (the hold lapsed, the flight left), and sends the others through the provider. The delivery
 * log keeps the provider's code and answer: sent; retried with back-off when the gateway may
 * take it later (a timeout, a 5xx, no credits); given up when it refuses the message itself (an
 * invalid receiver) or after SMS_MAX_ATTEMPTS. A held booking's or a reminder's message given up
 * is written to the e-mail outbox instead; a ticket's or a disruption's has its own e-mail already.
 */
export async function deliverSms(db: Db, options: DeliverSmsOptions): Promise<number> {
  if (!options.provider) return 0;
  const claimed = await claimDueSms(db, options.limit ?? 20);
  let sent = 0;
  for (const sms of claimed) {
    if (sms.notAfter && sms.notAfter.getTime() < Date.now()) {
      await giveUp(db, sms, { lastError: 'too late: not sent after its moment passed' });
      continue;
    }
    const result = await options.provider.send({ to: sms.to, text: sms.text });
    const logged = { provider: options.provider.name, providerCode: result.code, claimedUntil: null };
    if (result.ok) {
      await db
        .update(smsOutbox)
        .set({ ...logged, sentAt: sql`now()`, lastError: null })
        .where(eq(smsOutbox.id, sms.id));
      sent++;
      continue;
    }
    const lastError = `${result.code}: ${result.detail}`.slice(0, 300);
    options.log?.warn({ smsId: sms.id, code: result.code, attempt: sms.attempts }, 'SMS not sent');
    if (!result.retryable || sms.attempts >= SMS_MAX_ATTEMPTS) {
      await giveUp(db, sms, { ...logged, lastError });
      continue;
    }
    await db
      .update(smsOutbox)
      .set({
        ...logged,
        lastError,
        nextAttemptAt: sql`now() + make_interval(secs => ${backOffSeconds(sms.attempts)})`,
      })
      .where(eq(smsOutbox.id, sms.id));
  }
  return sent;
}

type SmsRow = typeof smsOutbox.$inferSelect;

/** Marks the message given up and, for a kind without its own e-mail, e-mails its text instead. */
async function giveUp(db: Db, sms: SmsRow, log: Partial<SmsRow>): Promise<void> {
  await db.transaction(async (tx) => {
    const subject = FALLBACK_EMAIL_SUBJECT[sms.kind];
    const [booking] =
      subject && sms.bookingId
        ? await tx
            .select({ pnr: bookings.pnr, contact: bookings.contact, brandId: bookings.brandId })
            .from(bookings)
            .where(eq(bookings.id, sms.bookingId))
        : [];
    const fallback = Boolean(subject && booking?.contact.email);
    const [updated] = await tx
      .update(smsOutbox)
      .set({
        ...log,
        claimedUntil: null,
        failedAt: sql`now()`,
        ...(fallback ? { fallbackEmailedAt: sql`now()` } : {}),
      })
      .where(and(eq(smsOutbox.id, sms.id), isNull(smsOutbox.failedAt)))
      .returning({ id: smsOutbox.id });
    if (!updated || !fallback || !booking || !subject) return;
    await sendEmail(tx, {
      brandId: booking.brandId,
      to: booking.contact.email,
      subject: `${subject}: ${booking.pnr}`,
      text: `${sms.text}\n\n(We could not send this by SMS to ${sms.to}.)`,
    });
  });
}

async function claimDueSms(db: Db, limit: number): Promise<SmsRow[]> {
  // A CTE runs exactly once (see deliver-outbox.ts).
  const claimed = await queryRows<{ id: string }>(
    db,
    sql`
    with due as (
      select id from ${smsOutbox}
       where sent_at is null and failed_at is null and next_attempt_at <= now()
         and (claimed_until is null or claimed_until < now())
       order by next_attempt_at, created_at
       limit ${limit}
       for update skip locked)
    update ${smsOutbox} as outbox
       set claimed_until = now() + interval '5 minutes',
           attempts = outbox.attempts + 1
      from due
     where outbox.id = due.id
    returning outbox.id`,
  );
  const ids = claimed.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids)).orderBy(asc(smsOutbox.createdAt));
}
