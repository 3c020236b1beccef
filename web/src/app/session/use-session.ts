import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import {
  exchangeClientCustomerToken,
  fetchMe,
  logout,
  toStoredUserData,
  toStoreUser,
} from '../../features/auth/api/session';
import { ApiError } from '../../lib/api-client';
import { useAppStore, useSiteConfig } from '../../lib/app-context';
import { browserStorage } from '../../lib/browser-storage';

interface AppSdkData {
  clientCustomerToken?: string;
  contactData?: { telephone_no?: string; mobile?: string; email?: string };
}

function decodeAppSdkData(base64: string): AppSdkData | null {
  try {
    const bytes = Uint8Array.from(atob(base64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const data = JSON.parse(new TextDecoder().decode(bytes)) as unknown;
    return data && typeof data === 'object' ? (data as AppSdkData) : null;
  } catch {
    return null;
  }
}

/**
 * Seed §4 profile load: the signed-in user comes from the server session (an HttpOnly cookie)
 * and is refreshed on every path change; a partner app's `/?data=…` signs its customer in.
 */
export function useSessionSync(): void {
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const setUserDetails = useAppStore((s) => s.setUserDetails);
  const clearUserDetails = useAppStore((s) => s.clearUserDetails);
  const setProfileLoading = useAppStore((s) => s.setProfileLoading);
  const hasUser = useAppStore((s) => s.user !== null);
  const exchanged = useRef<string | null>(null);

  const appSdkData = searchParams.get('data');
  useEffect(() => {
    if (!appSdkData || exchanged.current === appSdkData) return;
    exchanged.current = appSdkData;
    const data = decodeAppSdkData(appSdkData);
    if (!data) return;
    browserStorage.set(config.base64Name, appSdkData);
    if (data.contactData) browserStorage.set(config.contactDataKey, JSON.stringify(data.contactData));
    if (!data.clientCustomerToken || hasUser) return;
    setProfileLoading(true);
    exchangeClientCustomerToken(data.clientCustomerToken)
      .then(() => fetchMe())
      .then((user) => {
        setUserDetails(toStoreUser(user));
        browserStorage.set(config.userDataKey, JSON.stringify(toStoredUserData(user)));
      })
      // Seed §8: a failed customer-profile fetch is logged and ignored.
      .catch((error: unknown) => console.warn('customer profile could not be loaded', error))
      .finally(() => setProfileLoading(false));
  }, [appSdkData, config, hasUser, setUserDetails, setProfileLoading]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile is refreshed on every path change (spec §4)
  useEffect(() => {
    if (!hasUser && !browserStorage.get(config.userDataKey)) return;
    let cancelled = false;
    fetchMe()
      .then((user) => {
        if (cancelled) return;
        setUserDetails(toStoreUser(user));
        browserStorage.set(config.userDataKey, JSON.stringify(toStoredUserData(user)));
      })
      .catch((error: unknown) => {
        if (cancelled || !(error instanceof ApiError) || error.status !== 401) return;
        clearUserDetails();
        browserStorage.remove(config.userDataKey);
      });
    return () => {
      cancelled = true;
    };
  }, [pathname]);
}

/** Seed §4 logout: ends the session, clears stored user and contact data, toasts, goes home. */
export function useLogout(): () => Promise<void> {
  const config = useSiteConfig();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clearUserDetails = useAppStore((s) => s.clearUserDetails);
  return useCallback(async () => {
    await logout().catch(() => undefined);
    browserStorage.remove(
      config.userDataKey,
      config.contactDataKey,
      config.userTokenName,
      config.accessTokenName,
    );
    clearUserDetails();
    // Toasts load with the first one shown (see main.tsx), not with every page.
    const { default: toast } = await import('react-hot-toast');
    toast.success(t('messages.loggedOut'));
    navigate('/');
  }, [config, clearUserDetails, navigate, t]);
}
