import { and, eq } from 'drizzle-orm';
import { emailAddress, nepaliMobile } from '#shared/accounts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { AppError } from '../../errors';
import type { AccountUser } from './find-user';
import type { PasswordHasher } from './password-hasher';

export interface LogInUserOptions {
  brandId: string;
  /** E-mail address or mobile number, as typed. */
  login: string;
  password: string;
  passwords: PasswordHasher;
}

/** The column and value a typed login names: an e-mail address or a Nepali mobile number. */
export function parseLogin(login: string) {
  const email = emailAddress.safeParse(login);
  if (email.success) return eq(users.email, email.data);
  const mobile = nepaliMobile.safeParse(login);
  if (mobile.success) return eq(users.mobile, mobile.data);
  return undefined;
}

/**
 * The user whose e-mail or mobile and password match, in this brand. Unknown account and
 * wrong password fail alike (401 INVALID_CREDENTIALS), after one Argon2 verification each.
 */
export async function logInUser(db: Db, options: LogInUserOptions): Promise<AccountUser> {
  const match = parseLogin(options.login);
  const [row] = match
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.brandId, options.brandId), match))
    : [];
  const valid = await options.passwords.verify(row?.passwordHash, options.password);
  if (!row || !valid) throw new AppError('INVALID_CREDENTIALS');
  const { passwordHash: _passwordHash, ...user } = row;
  return user;
}
