import type { UserType } from '#shared/accounts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { invalidFields } from '../../errors';
import { checkContactsAvailable, rethrowContactConflict } from './check-contacts-available';
import { type AccountUser, accountUserColumns } from './find-user';
import { isCommonPassword, type PasswordHasher } from './password-hasher';

export interface SignUpUserOptions {
  brandId: string;
  firstName: string;
  lastName: string;
  /** Already normalised (lower case). */
  email: string;
  /** Already normalised (+977…). */
  mobile: string;
  password: string;
  type: UserType;
  passwords: PasswordHasher;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose a less predictable one.';

/** Throws 400 naming `password` when it is on the common-password list. */
export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) throw invalidFields({ password: COMMON_PASSWORD_MESSAGE });
}

/** Creates a user of the brand with an Argon2id password hash; 409 when e-mail or mobile is taken. */
export async function signUpUser(db: Db, options: SignUpUserOptions): Promise<AccountUser> {
  assertPasswordNotCommon(options.password);
  await checkContactsAvailable(db, options);
  const passwordHash = await options.passwords.hash(options.password);
  const [user] = await db
    .insert(users)
    .values({
      brandId: options.brandId,
      type: options.type,
      firstName: options.firstName,
      lastName: options.lastName,
      email: options.email,
      mobile: options.mobile,
      passwordHash,
    })
    .returning(accountUserColumns)
    .catch(rethrowContactConflict);
  if (!user) throw new Error('insert returned no row');
  return user;
}
