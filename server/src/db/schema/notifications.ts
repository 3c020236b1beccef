import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { brands } from './brands';

/** What a traveller is told by SMS (docs/sms.md). */
export const SMS_KINDS = [
  'held',
  'ticketed',
  'disrupted',
  'reminder',
  'price_drop',
  'wallet_deposit',
] as const;
export type SmsKind = (typeof SMS_KINDS)[number];
/** What a booking's SMS is about (a price alert's is `price_drop`, a deposit request's `wallet_deposit`). */
export type BookingSmsKind = Exclude<SmsKind, 'price_drop' | 'wallet_deposit'>;
export type SmsLanguage = 'en' | 'ne';

/**
 * Every SMS the application sends, and its delivery log: a row written in the transaction of the
 * change it reports (a booking held, ticketed, its flight disrupted, or the reminder job's), sent
 * afterwards by the `sms.deliver` job through the configured provider (SMS_PROVIDER), retried
 * with back-off. One row per `dedupe_key`, so a message is written once however often its step runs.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<SmsKind>(),
    /**
     * `held:<booking>`, `ticketed:<booking>`, `disrupted:<disruption>:<booking>`, `reminder:<booking>`,
     * `price_drop:<alert>:<day>`, `wallet_deposit:<deposit request>`.
     */
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** The mobile in E.164 form (+9779XXXXXXXXX). */
    to: text('to').notNull(),
    language: text('language').notNull().$type<SmsLanguage>(),
    /** Never a secret or a sign-in link (docs/sms.md). */
    text: text('text').notNull(),
    /** Parts the text takes (GSM-7: 160 characters, 153 per part; Unicode: 70, 67 per part). */
    parts: smallint('parts').notNull(),
    /** Past this instant the message is no longer worth sending (the hold lapsed, the flight left). */
    notAfter: timestamp('not_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The provider that last answered, and its code (Sparrow: `200`, `1007`…; `timeout`, `http 503`). */
    provider: text('provider'),
    providerCode: text('provider_code'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Given up: refused for good, too many attempts, or too late. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** When given up, its text was written to the e-mail outbox instead (kinds without an e-mail of their own). */
    fallbackEmailedAt: timestamp('fallback_emailed_at', { withTimezone: true }),
  },
  (table) => [
    index('sms_outbox_booking_idx').on(table.bookingId),
    index('sms_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
    check(
      'sms_outbox_kind_check',
      sql`${table.kind} in ('held', 'ticketed', 'disrupted', 'reminder', 'price_drop', 'wallet_deposit')`,
    ),
    check('sms_outbox_language_check', sql`${table.language} in ('en', 'ne')`),
  ],
);
