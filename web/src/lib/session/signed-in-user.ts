import { useCallback } from 'react';
import type { UserDetails as ServerUser } from '#shared/accounts';
import type { UserDetails } from '../../stores/app-store';
import { useAppStore, useSiteConfig } from '../app-context';
import { browserStorage } from '../browser-storage';

/**
 * Who is signed in, as the site knows it: the one reader of the store's user. Every page, the
 * header and the forms ask here; the server's own answer (GET /me) comes through `getMe`, and
 * only `useRememberSignedInUser` / `useForgetSignedInUser` change what this returns.
 */
export const useSignedInUser = (): UserDetails | null => useAppStore((s) => s.user);

/** True while a partner app's customer is being signed in (the header says "loading"). */
export const useProfileLoading = (): boolean => useAppStore((s) => s.ui.profileLoading);

/** The server's user as the store holds it (spec §3 "store user"). */
export function toStoreUser(user: ServerUser): UserDetails {
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email ?? '',
    phone: user.phone ?? '',
    type: user.type,
    wallet_balance: user.wallet_balance,
    wallet_currency: user.wallet_currency,
    commission_percent: user.commission_percent,
    ...(user.master_agent && { master_agent: true }),
  };
}

/** Stored user data (spec §3) without the access token: the session is an HttpOnly cookie. */
export function toStoredUserData(user: ServerUser) {
  return {
    name: user.name,
    email: user.email ?? '',
    phone: user.phone ?? '',
    type: user.type,
    walletBalance: user.wallet_balance,
    commission_percent: user.commission_percent,
  };
}

/** Keeps the server's user (never a token) in the store and in the brand's stored user data. */
export function useRememberSignedInUser(): (user: ServerUser) => void {
  const config = useSiteConfig();
  const setUserDetails = useAppStore((s) => s.setUserDetails);
  return useCallback(
    (user: ServerUser) => {
      setUserDetails(toStoreUser(user));
      browserStorage.set(config.userDataKey, JSON.stringify(toStoredUserData(user)));
    },
    [config, setUserDetails],
  );
}

/**
 * Forgets the user: the store's copy and the stored user data. At log-out (`everything`) also the
 * partner app's contact data and the token names (spec §4); a lapsed session keeps those.
 */
export function useForgetSignedInUser(): (options?: { everything?: boolean }) => void {
  const config = useSiteConfig();
  const clearUserDetails = useAppStore((s) => s.clearUserDetails);
  return useCallback(
    (options: { everything?: boolean } = {}) => {
      if (options.everything)
        browserStorage.remove(
          config.userDataKey,
          config.contactDataKey,
          config.userTokenName,
          config.accessTokenName,
        );
      else browserStorage.remove(config.userDataKey);
      clearUserDetails();
    },
    [config, clearUserDetails],
  );
}

/**
 * The user data stored by the last sign-in (spec §3), read before the session sync has confirmed
 * it: the header shows the account menu at once instead of flashing "Log In".
 */
export function useStoredUserData(): { name?: string } | null {
  const config = useSiteConfig();
  return browserStorage.getJson<{ name?: string }>(config.userDataKey);
}

/** After the commission is saved (spec §5): the store's user and the stored user data follow it. */
export function useSetSignedInCommission(): (percent: number) => void {
  const config = useSiteConfig();
  const setCommission = useAppStore((s) => s.setCommission);
  return useCallback(
    (percent: number) => {
      const stored = browserStorage.getJson<Record<string, unknown>>(config.userDataKey);
      if (stored)
        browserStorage.set(config.userDataKey, JSON.stringify({ ...stored, commission_percent: percent }));
      setCommission(percent);
    },
    [config, setCommission],
  );
}
