import type { ClientCustomerDetails, UserDetails } from '#shared/accounts';
import type { AccountUser } from '../domain/accounts/find-user';
import type { Brand } from '../domain/brands/brand-directory';

/** A user's details as the API answers them (never a hash or a token). */
export function presentUser(user: AccountUser, brand: Pick<Brand, 'slug'>): UserDetails {
  return {
    userToken: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    name: `${user.firstName} ${user.lastName}`.trim(),
    // A guest's own log-in is empty: the contact they gave at checkout is shown instead.
    email: user.email ?? user.guestEmail,
    phone: user.mobile ?? user.guestMobile,
    mobile: user.mobile ?? user.guestMobile,
    type: user.type,
    brand: brand.slug,
    wallet_balance: user.walletBalance,
    wallet_currency: user.walletCurrency,
    commission_percent: user.commissionPercent,
    staff_role: user.staffRole,
    ...(user.isMasterAgent && user.masterAgentId === null && { master_agent: true }),
    guest: user.guest,
  };
}

/** The seed's `clientCustomerDetails` (§3): firstName, lastName, email, mobile, type. */
export function presentClientCustomer(user: AccountUser): ClientCustomerDetails {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    mobile: user.mobile,
    type: user.type,
  };
}
