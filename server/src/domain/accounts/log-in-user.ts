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

/** A typed login as stored: a lower-case e-mail, a +977 mobile, or undefined when it is neither. */
export function normaliseLogin(login: string): { email: string } | { mobile: string } | undefined {
  const email = emailAddress.safeParse(login);
  if (email.success) return { email: email.data };
  const mobile = nepaliMobile.safeParse(login);
  if (mobile.success) return { mobile: mobile.data };
  return undefined;
}

function loginMatch(login: string) {
  const normalised = normaliseLogin(login);
  if (!normalised) return undefined;
  return 'email' in normalised ? eq(users.email, normalised.email) : eq(users.mobile, normalised.mobile);
}

/**
 * The user whose e-mail or mobile and password match, in this brand. Unknown account and
 * wrong password fail alike (401 INVALID_CREDENTIALS), after one Argon2 verification each; a
 * suspended user with the right password gets 403 ACCOUNT_SUSPENDED.
 */
export async function logInUser(db: Db, options: LogInUserOptions): Promise<AccountUser> {
  const match = loginMatch(options.login);
  const [row] = match
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.brandId, options.brandId), match))
    : [];
  const valid = await options.passwords.verify(row?.passwordHash, options.password);
  if (!row || !valid) throw new AppError('INVALID_CREDENTIALS');
  // Told only to whoever knows the password, so it reveals nothing to a guesser.
  if (row.suspendedAt) throw new AppError('ACCOUNT_SUSPENDED');
  const { passwordHash: _passwordHash, ...user } = row;
  return user;
}
