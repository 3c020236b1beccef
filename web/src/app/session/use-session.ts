import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useAppStore, useSiteConfig } from '../../lib/app-context';
import { browserStorage } from '../../lib/browser-storage';
import { useTranslation } from '../../lib/i18n';
import { exchangeClientCustomerToken } from '../../lib/session/exchange-client-customer-token';
import { getMe } from '../../lib/session/get-me';
import { useLogOut } from '../../lib/session/log-out';
import {
  useForgetSignedInUser,
  useRememberSignedInUser,
  useSignedInUser,
  useStoredUserData,
} from '../../lib/session/signed-in-user';

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
 * How a partner app's sign-in went: `refused` when its data could not be read or its token was
 * unknown, used or expired (the customer is told and sent back to the partner's app,
 * docs/web.md#the-bank-app-app-sdk-mode).
 */
export type AppSdkSignIn = 'none' | 'refused';

/**
 * Seed §4 profile load: the signed-in user comes from the server session (an HttpOnly cookie)
 * and is refreshed on every path change; a partner app's `/?data=…` signs its customer in.
 */
export function useSessionSync(): AppSdkSignIn {
  const config = useSiteConfig();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const remember = useRememberSignedInUser();
  const forget = useForgetSignedInUser();
  const setProfileLoading = useAppStore((s) => s.setProfileLoading);
  const hasUser = useSignedInUser() !== null;
  const storedUser = useStoredUserData();
  const exchanged = useRef<string | null>(null);
  const [appSdkSignIn, setAppSdkSignIn] = useState<AppSdkSignIn>('none');

  const appSdkData = searchParams.get('data');
  useEffect(() => {
    if (!appSdkData || exchanged.current === appSdkData) return;
    exchanged.current = appSdkData;
    const data = decodeAppSdkData(appSdkData);
    if (!data) {
      setAppSdkSignIn('refused');
      return;
    }
    setAppSdkSignIn('none');
    browserStorage.set(config.base64Name, appSdkData);
    if (data.contactData) browserStorage.set(config.contactDataKey, JSON.stringify(data.contactData));
    if (!data.clientCustomerToken || hasUser) return;
    setProfileLoading(true);
    exchangeClientCustomerToken(data.clientCustomerToken)
      .then(() => getMe())
      .then(remember)
      .catch((error: unknown) => {
        // An unknown, used or expired token is the customer's to know about; any other failure
        // of the customer-profile fetch is logged and ignored (seed §8).
        if (error instanceof ApiError && error.code === 'INVALID_CUSTOMER_TOKEN') setAppSdkSignIn('refused');
        else console.warn('customer profile could not be loaded', error);
      })
      .finally(() => setProfileLoading(false));
  }, [appSdkData, config, hasUser, remember, setProfileLoading]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the profile is refreshed on every path change (spec §4)
  useEffect(() => {
    if (!hasUser && !storedUser) return;
    let cancelled = false;
    getMe()
      .then((user) => {
        if (!cancelled) remember(user);
      })
      .catch((error: unknown) => {
        if (cancelled || !(error instanceof ApiError) || error.status !== 401) return;
        forget();
      });
    return () => {
      cancelled = true;
    };
  }, [pathname]);

  return appSdkData ? appSdkSignIn : 'none';
}

/** Seed §4 logout: ends the session, clears stored user and contact data, toasts, goes home. */
export function useLogout(): () => Promise<void> {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logOut = useLogOut();
  return useCallback(async () => {
    await logOut();
    // Toasts load with the first one shown (see main.tsx), not with every page.
    const { notify } = await import('../../lib/notify');
    notify.success(t('messages.loggedOut'));
    navigate('/');
  }, [logOut, navigate, t]);
}
