import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A brand is one agency's (or bank's) white-label site. Its public configuration is a JSON
 * document validated by the shared `siteConfig` schema on every write and read.
 */
export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  siteConfig: jsonb('site_config').notNull().$type<Record<string, unknown>>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Host names a brand answers on; a host name belongs to at most one brand. */
export const brandHosts = pgTable('brand_hosts', {
  host: text('host').primaryKey(),
  brandId: uuid('brand_id')
    .notNull()
    .references(() => brands.id, { onDelete: 'cascade' }),
});
