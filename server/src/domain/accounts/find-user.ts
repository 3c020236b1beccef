import { and, eq, getTableColumns } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';

export type UserRow = typeof users.$inferSelect;
/** A user as the application handles it: never with its password hash. */
export type AccountUser = Omit<UserRow, 'passwordHash'>;

const { passwordHash: _passwordHash, ...columns } = getTableColumns(users);
/** Every column of `users` except the password hash. */
export const accountUserColumns = columns;

export interface FindUserOptions {
  userId: string;
  /** The user must belong to this brand. */
  brandId: string;
}

/** The user with this id in this brand, or undefined. */
export async function findUser(db: Db, options: FindUserOptions): Promise<AccountUser | undefined> {
  const [user] = await db
    .select(accountUserColumns)
    .from(users)
    .where(and(eq(users.id, options.userId), eq(users.brandId, options.brandId)));
  return user;
}
