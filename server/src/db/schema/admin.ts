import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { brands } from './brands';

/**
 * Every change an admin or the platform operator makes: who, what, when, old → new. Rows are
 * only ever inserted. `before`/`after` hold the changed fields only, never a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The brand the change belongs to (a platform operator's new brand is its own brand). */
    brandId: uuid('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    /** Who made the change; null once that user is deleted (the e-mail below remains). */
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The actor's e-mail or mobile at the time, so the record survives the user. */
    actorLabel: text('actor_label').notNull(),
    /** What was done, `<entity>.<verb>`: `brand.update`, `user.suspend`, `partner-app.rotate`… */
    action: text('action').notNull(),
    /** Kind and id of what was changed (`brand`, `user`, `partner-app`, `asset`). */
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_brand_created_idx').on(table.brandId, table.createdAt)],
);
