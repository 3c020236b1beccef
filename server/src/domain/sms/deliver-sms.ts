import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { bookings, type SmsKind, smsOutbox } from '../../db/schema/index';
import type { SmsProvider } from '../../sms/sms-provider';
import { sendEmail } from '../email/send-email';
import { deliverDueRows } from '../outbox/deliver-due-rows';

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
  const { provider } = options;
  if (!provider) return 0;
  return deliverDueRows(db, smsOutbox, {
    limit: options.limit ?? 20,
    claimSeconds: 300,
    maxAttempts: SMS_MAX_ATTEMPTS,
    attempt: async (sms) => {
      if (sms.notAfter && sms.notAfter.getTime() < Date.now()) {
        return { sent: false, error: 'too late: not sent after its moment passed', retryable: false };
      }
      const result = await provider.send({ to: sms.to, text: sms.text });
      const log = { provider: provider.name, providerCode: result.code };
      if (result.ok) return { sent: true, log };
      options.log?.warn({ smsId: sms.id, code: result.code, attempt: sms.attempts }, 'SMS not sent');
      return {
        sent: false,
        error: `${result.code}: ${result.detail}`.slice(0, 300),
        retryable: result.retryable,
        log,
      };
    },
    giveUp: (sms, log) => giveUp(db, sms, log),
  });
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
