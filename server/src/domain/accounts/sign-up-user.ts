import type { UserType } from '#shared/accounts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { checkContactsAvailable, rethrowContactConflict } from './check-contacts-available';
import {
  assertNewPasswordAcceptable,
  COMMON_PASSWORD_MESSAGE,
  passwordContextWords,
} from './check-new-password';
import { type AccountUser, accountUserColumns } from './find-user';
import type { PasswordHasher } from './password-hasher';

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

export { COMMON_PASSWORD_MESSAGE };

/** Throws 400 naming `password` when it is on the common-password list. */
export function assertPasswordNotCommon(password: string): void {
  assertNewPasswordAcceptable(password, []);
}

/** Creates a user of the brand with an Argon2id password hash; 409 when e-mail or mobile is taken. */
export async function signUpUser(db: Db, options: SignUpUserOptions): Promise<AccountUser> {
  assertNewPasswordAcceptable(options.password, await passwordContextWords(db, options.brandId, options));
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
