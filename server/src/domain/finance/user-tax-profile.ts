import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userTaxProfiles } from '../../db/schema/index';

export type UserTaxProfileRow = typeof userTaxProfiles.$inferSelect;

/** A buyer's own tax details (an agent's company and PAN), or null. */
export async function findUserTaxProfile(db: Db, userId: string): Promise<UserTaxProfileRow | null> {
  const [row] = await db.select().from(userTaxProfiles).where(eq(userTaxProfiles.userId, userId));
  return row ?? null;
}

/** Saves the signed-in user's own tax details; their later invoices name them as the buyer. */
export async function saveUserTaxProfile(
  db: Db,
  options: { userId: string; buyerName: string | null; pan: string },
): Promise<UserTaxProfileRow> {
  const values = { buyerName: options.buyerName, pan: options.pan };
  const [saved] = await db
    .insert(userTaxProfiles)
    .values({ userId: options.userId, ...values })
    .onConflictDoUpdate({ target: userTaxProfiles.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  if (!saved) throw new Error('the tax profile was not saved');
  return saved;
}
