import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';

/**
 * A brand's exchange rates as Nepal Rastra Bank publishes them, entered by its admin: `npr` paisa
 * for `unit` units of `currency` (selling rate). They convert outside suppliers' prices into the
 * traveller's currency; currencies without a row use the dated defaults
 * (domain/exchange-rates/default-exchange-rates.ts).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    unit: integer('unit').notNull(),
    npr: integer('npr').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.brandId, table.currency] }),
    check(
      'exchange_rates_currency_check',
      sql`${table.currency} ~ '^[A-Z]{3}$' and ${table.currency} <> 'NPR'`,
    ),
    check('exchange_rates_unit_check', sql`${table.unit} in (1, 10, 100, 1000)`),
    check('exchange_rates_npr_check', sql`${table.npr} > 0`),
  ],
);
