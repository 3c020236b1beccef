import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { recordAudit } from '../audit/record-audit';
import { assertNewPasswordAcceptable, passwordContextWords } from './check-new-password';
import { type AccountUser, accountUserColumns } from './find-user';
import type { PasswordHasher } from './password-hasher';

export interface ClaimGuestAccountOptions {
  brandId: string;
  userId: string;
  password: string;
  passwords: PasswordHasher;
}

const contactHasAccount = (fields: Record<string, string>) =>
  new AppError('GUEST_CONTACT_HAS_ACCOUNT', undefined, fields);

const LOG_IN_INSTEAD = 'An account already uses this. Please log in to that account instead.';

/**
 * Turns a checkout guest into a normal customer: the e-mail and mobile they gave become the
 * account's log-in and the password theirs; their bookings stay theirs. Refused with 409
 * GUEST_CONTACT_HAS_ACCOUNT (naming `email` and/or `mobile`) when an account of the brand already
 * uses either: they log in to it instead, nothing is merged. 409 NOT_A_GUEST for a user who is not
 * a guest. Audited as `user.claim-guest`.
 */
export async function claimGuestAccount(db: Db, options: ClaimGuestAccountOptions): Promise<AccountUser> {
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select(accountUserColumns)
      .from(users)
      .where(and(eq(users.id, options.userId), eq(users.brandId, options.brandId)))
      .for('update');
    if (!guest?.guest || !guest.guestEmail) throw new AppError('NOT_A_GUEST');
    const email = guest.guestEmail;
    const mobile = guest.guestMobile;
    assertNewPasswordAcceptable(
      options.password,
      await passwordContextWords(tx, options.brandId, {
        firstName: guest.firstName,
        lastName: guest.lastName,
        email,
      }),
    );
    const taken = await tx
      .select({ email: users.email, mobile: users.mobile })
      .from(users)
      .where(
        and(
          eq(users.brandId, options.brandId),
          ne(users.id, guest.id),
          mobile ? or(eq(users.email, email), eq(users.mobile, mobile)) : eq(users.email, email),
        ),
      );
    const fields: Record<string, string> = {};
    if (taken.some((u) => u.email === email)) fields.email = LOG_IN_INSTEAD;
    if (mobile && taken.some((u) => u.mobile === mobile)) fields.mobile = LOG_IN_INSTEAD;
    if (Object.keys(fields).length) throw contactHasAccount(fields);
    const passwordHash = await options.passwords.hash(options.password);
    const [user] = await tx
      .update(users)
      .set({
        email,
        mobile,
        passwordHash,
        guest: false,
        guestEmail: null,
        guestMobile: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, guest.id))
      .returning(accountUserColumns)
      .catch((error: unknown) => {
        // Someone signed up with the address between the check and here.
        if (isUniqueViolation(error, 'users_brand_email_key'))
          throw contactHasAccount({ email: LOG_IN_INSTEAD });
        if (isUniqueViolation(error, 'users_brand_mobile_key'))
          throw contactHasAccount({ mobile: LOG_IN_INSTEAD });
        throw error;
      });
    if (!user) throw new Error('update returned no row');
    await recordAudit(tx, {
      brandId: options.brandId,
      actor: user,
      action: 'user.claim-guest',
      entityType: 'user',
      entityId: user.id,
      before: { guest: true },
      after: { guest: false, email, mobile },
    });
    return user;
  });
}
