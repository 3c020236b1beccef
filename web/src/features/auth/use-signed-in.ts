import { useNavigate, useSearchParams } from 'react-router';
import { useAppStore, useSiteConfig } from '../../lib/app-context';
import { browserStorage } from '../../lib/browser-storage';
import { type ServerUser, toStoredUserData, toStoreUser } from './api/session';

/** After log-in or sign-up: keep the user (never a token) and go back where the user was going. */
export function useSignedIn() {
  const config = useSiteConfig();
  const setUserDetails = useAppStore((s) => s.setUserDetails);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return (user: ServerUser) => {
    setUserDetails(toStoreUser(user));
    browserStorage.set(config.userDataKey, JSON.stringify(toStoredUserData(user)));
    const next = searchParams.get('next');
    navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
  };
}
