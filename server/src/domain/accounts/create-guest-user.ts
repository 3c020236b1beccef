import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { type AccountUser, accountUserColumns } from './find-user';

export interface CreateGuestUserOptions {
  brandId: string;
  /** Already normalised (lower case). */
  email: string;
  /** Already normalised (+977…). */
  mobile: string;
  firstName?: string;
  lastName?: string;
}

/**
 * A fresh guest customer of the brand for checkout without an account: no password, and no e-mail
 * or mobile of its own (the contact typed is kept as `guestEmail` / `guestMobile`), so it never
 * collides with an account, is never found by log-in or a password reset, and never sees another
 * person's bookings however often the same address is typed. Wallet payment is refused to it like
 * to every customer.
 */
export async function createGuestUser(db: Db, options: CreateGuestUserOptions): Promise<AccountUser> {
  const [user] = await db
    .insert(users)
    .values({
      brandId: options.brandId,
      type: 'customer',
      firstName: options.firstName ?? 'Guest',
      lastName: options.lastName ?? '',
      guest: true,
      guestEmail: options.email,
      guestMobile: options.mobile,
    })
    .returning(accountUserColumns);
  if (!user) throw new Error('insert returned no row');
  return user;
}
