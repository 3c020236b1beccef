import type { Db } from '../../db/client';
import { auditLog, type users } from '../../db/schema/index';

type UserRow = typeof users.$inferSelect;

/** Who made a change: a user, or (id null) the system acting on an outside party's word. */
export type AuditActor = Pick<UserRow, 'email' | 'mobile'> & { id: UserRow['id'] | null };

export interface RecordAuditOptions {
  brandId: string;
  actor: AuditActor;
  /** `<entity>.<verb>`, e.g. `brand.update`, `user.suspend`. */
  action: string;
  entityType: string;
  entityId: string;
  /** The changed fields before and after; secrets are never passed here. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends one change to the brand's audit log; pass the transaction that makes the change. */
export async function recordAudit(db: Db, options: RecordAuditOptions): Promise<void> {
  await db.insert(auditLog).values({
    brandId: options.brandId,
    actorUserId: options.actor.id,
    actorLabel: options.actor.email ?? options.actor.mobile ?? options.actor.id ?? 'system',
    action: options.action,
    entityType: options.entityType,
    entityId: options.entityId,
    before: options.before ?? null,
    after: options.after ?? null,
  });
}

/**
 * The top-level fields that differ between two records, as `{ before, after }` holding only
 * those fields (compared as JSON), or undefined when nothing changed.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } | undefined {
  const old: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
    old[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return Object.keys(now).length ? { before: old, after: now } : undefined;
}
