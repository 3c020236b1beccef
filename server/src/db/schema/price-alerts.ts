import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { brands } from './brands';

/**
 * A signed-in user's watch on a route and a range of departure dates (docs/accounts.md#price-alerts):
 * the `alerts.check-prices` job looks up the lowest one-adult fare now and then, and e-mails the
 * user when it is below the lowest they were told of, at most once a day.
 */
export const priceAlerts = pgTable(
  'price_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    origin: text('origin').notNull(),
    destination: text('destination').notNull(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    nationalityCode: text('nationality_code').notNull(),
    currency: text('currency').notNull().$type<'NPR' | 'USD'>(),
    /** The fare the user saw when they set the alert (minor units, one adult). */
    seenTotal: integer('seen_total').notNull(),
    /** The lowest fare the user has been told of: the alert's threshold (starts as `seenTotal`). */
    notifiedTotal: integer('notified_total').notNull(),
    lowestTotal: integer('lowest_total'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    lastAlertedAt: timestamp('last_alerted_at', { withTimezone: true }),
    /** The user chose an SMS besides the e-mail (only with a mobile on their account). */
    sms: boolean('sms').notNull().default(false),
    /** The language of the alert's SMS: the one the user set the alert in. */
    language: text('language').notNull().default('en').$type<'en' | 'ne'>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('price_alerts_user_idx').on(table.userId),
    index('price_alerts_due_idx').on(table.lastCheckedAt),
    check('price_alerts_language_check', sql`${table.language} in ('en', 'ne')`),
  ],
);
