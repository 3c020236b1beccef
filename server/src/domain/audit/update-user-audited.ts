import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { type AuditActor, recordAudit } from './record-audit';

export interface UpdateUserAuditedOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  /** `<entity>.<verb>` of the audit entry, e.g. `user.master-agent`. */
  action: string;
  /** The user's columns to set (`updatedAt` is set too). */
  set: Partial<Omit<typeof users.$inferInsert, 'id' | 'updatedAt'>>;
  /** The audited fields before and after; `after` is `set` unless told. */
  before: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/**
 * An admin's change to one user's settings: sets the columns and records the change in the
 * brand's audit log (entity `user`). The caller has loaded and checked the row (locked for update)
 * in the transaction `tx`, and skips the call where nothing changes if it wants no entry then.
 */
export async function updateUserAudited(tx: Db, options: UpdateUserAuditedOptions): Promise<void> {
  await tx
    .update(users)
    .set({ ...options.set, updatedAt: sql`now()` })
    .where(eq(users.id, options.userId));
  await recordAudit(tx, {
    brandId: options.brandId,
    actor: options.actor,
    action: options.action,
    entityType: 'user',
    entityId: options.userId,
    before: options.before,
    after: options.after ?? options.set,
  });
}
