import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { type BrandUserRow, brandUserColumns, findBrandUser } from './find-brand-user';
import { type AuditActor, recordAudit } from './record-audit';

export interface SetUserSuspendedOptions {
  brandId: string;
  actor: AuditActor;
  userId: string;
  suspended: boolean;
}

/**
 * Suspends or reinstates a user of the brand; audited. The caller ends a suspended user's
 * sessions (they may live in Redis). An admin cannot suspend themselves: 400 naming `id`.
 */
export async function setUserSuspended(db: Db, options: SetUserSuspendedOptions): Promise<BrandUserRow> {
  if (options.suspended && options.userId === options.actor.id) {
    throw invalidFields({ id: 'You cannot suspend yourself.' });
  }
  return db.transaction(async (tx) => {
    const current = await findBrandUser(tx, { brandId: options.brandId, userId: options.userId });
    if (Boolean(current.suspendedAt) === options.suspended) return current;
    const [user] = await tx
      .update(users)
      .set({ suspendedAt: options.suspended ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(users.id, current.id))
      .returning(brandUserColumns);
    if (!user) throw new Error('update returned no row');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: options.actor,
      action: options.suspended ? 'user.suspend' : 'user.reinstate',
      entityType: 'user',
      entityId: user.id,
      before: { suspended: Boolean(current.suspendedAt) },
      after: { suspended: options.suspended },
    });
    return user;
  });
}
