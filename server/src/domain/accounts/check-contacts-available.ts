import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../errors';

export interface CheckContactsAvailableOptions {
  brandId: string;
  email?: string | null;
  mobile?: string | null;
  /** The user being updated, whose own contacts do not count. */
  exceptUserId?: string;
}

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', undefined, { email: 'An account with this e-mail address already exists.' });
const mobileTaken = () =>
  new AppError('MOBILE_TAKEN', undefined, { mobile: 'An account with this mobile number already exists.' });

/** Throws 409 naming the field when another user of the brand has this e-mail or mobile. */
export async function checkContactsAvailable(db: Db, options: CheckContactsAvailableOptions): Promise<void> {
  const matches: SQL[] = [];
  if (options.email) matches.push(eq(users.email, options.email));
  if (options.mobile) matches.push(eq(users.mobile, options.mobile));
  if (matches.length === 0) return;
  const found = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(
      and(
        eq(users.brandId, options.brandId),
        or(...matches),
        options.exceptUserId ? ne(users.id, options.exceptUserId) : undefined,
      ),
    );
  if (options.email && found.some((u) => u.email === options.email)) throw emailTaken();
  if (options.mobile && found.some((u) => u.mobile === options.mobile)) throw mobileTaken();
}

/**
 * Maps a unique violation of the e-mail or mobile index (two sign-ups racing) to the same 409
 * as the check above; rethrows anything else.
 */
export function rethrowContactConflict(error: unknown): never {
  if (isUniqueViolation(error, 'users_brand_email_key')) throw emailTaken();
  if (isUniqueViolation(error, 'users_brand_mobile_key')) throw mobileTaken();
  throw error;
}
