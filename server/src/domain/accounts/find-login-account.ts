import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { normaliseLogin } from './log-in-user';

/**
 * What a typed login counts as for the abuse limits: the user it names, so that the e-mail and
 * the mobile number of one account share one count, or the normalised text when it names nobody.
 */
export async function findLoginAccount(db: Db, brandId: string, login: string): Promise<string> {
  const normalised = normaliseLogin(login);
  if (!normalised) return login.trim().toLowerCase();
  const match =
    'email' in normalised ? eq(users.email, normalised.email) : eq(users.mobile, normalised.mobile);
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.brandId, brandId), match));
  return user ? `user:${user.id}` : 'email' in normalised ? normalised.email : normalised.mobile;
}
