import type { AccountUser } from '../accounts/find-user';

/** The full name history and tickets show for a user. */
export const nameOf = (user: Pick<AccountUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;
