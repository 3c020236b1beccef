import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { HoldLimits } from '#shared/hold-limits';

/**
 * A brand is one agency's (or bank's) white-label site. Its public configuration is a JSON
 * document validated by the shared `siteConfig` schema on every write and read.
 */
export const brands = pgTable(
  'brands',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    siteConfig: jsonb('site_config').notNull().$type<Record<string, unknown>>(),
    /** Commission the agency grants an agent off the base fare unless their group or they have their own, percent. */
    defaultGrantedCommissionPercent: numeric('default_granted_commission_percent', {
      precision: 5,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(0),
    /** The most commission the agency grants anyone, percent: caps every agent and group. */
    maxGrantedCommissionPercent: numeric('max_granted_commission_percent', {
      precision: 5,
      scale: 2,
      mode: 'number',
    })
      .notNull()
      .default(20),
    /** The brand's own hold limits where tighter than the platform's (null: the platform's). */
    holdLimits: jsonb('hold_limits').$type<HoldLimits>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      'brands_granted_commission_range',
      sql`${table.defaultGrantedCommissionPercent} between 0 and ${table.maxGrantedCommissionPercent} and ${table.maxGrantedCommissionPercent} <= 100`,
    ),
  ],
);

/** Host names a brand answers on; a host name belongs to at most one brand. */
export const brandHosts = pgTable('brand_hosts', {
  host: text('host').primaryKey(),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
});
