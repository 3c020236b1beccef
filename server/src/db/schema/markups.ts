import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { brands } from './brands';

export const MARKUP_SCOPES = ['route', 'airline', 'all'] as const;
export type MarkupScope = (typeof MARKUP_SCOPES)[number];
export const MARKUP_KINDS = ['percent', 'fixed'] as const;
export type MarkupKind = (typeof MARKUP_KINDS)[number];

/**
 * An agency's markup on the fares its site sells: for one route (origin → destination, one
 * direction), one airline, or everything. A percentage in basis points of each passenger's fare,
 * or a fixed amount in minor units of `currency` per seated passenger. One markup per target.
 */
export const markups = pgTable(
  'markups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull().$type<MarkupScope>(),
    /** IATA airport codes, for `route`. */
    origin: text('origin'),
    destination: text('destination'),
    /** IATA airline code, for `airline`. */
    airlineCode: text('airline_code'),
    kind: text('kind').notNull().$type<MarkupKind>(),
    /** Basis points (`percent`) or minor units (`fixed`). */
    value: integer('value').notNull(),
    /** The currency of a fixed amount (a fixed markup applies to offers in that currency only). */
    currency: text('currency').notNull().default('NPR'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('markups_brand_idx').on(table.brandId),
    uniqueIndex('markups_brand_target').on(
      table.brandId,
      table.scope,
      sql`coalesce(${table.origin}, '')`,
      sql`coalesce(${table.destination}, '')`,
      sql`coalesce(${table.airlineCode}, '')`,
    ),
    check('markups_scope_check', sql`${table.scope} in ('route', 'airline', 'all')`),
    check('markups_kind_check', sql`${table.kind} in ('percent', 'fixed')`),
    check('markups_value_check', sql`${table.value} > 0`),
    check(
      'markups_target_check',
      sql`(${table.scope} = 'route' and ${table.origin} is not null and ${table.destination} is not null and ${table.airlineCode} is null)
        or (${table.scope} = 'airline' and ${table.airlineCode} is not null and ${table.origin} is null and ${table.destination} is null)
        or (${table.scope} = 'all' and ${table.origin} is null and ${table.destination} is null and ${table.airlineCode} is null)`,
    ),
  ],
);
