import { useNavigate, useSearchParams } from 'react-router';

/** After log-in or sign-up: back where the user was going (`?next=`, same-site paths only), or home. */
export function useReturnAfterSignIn() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  return () => {
    const next = searchParams.get('next');
    navigate(next?.startsWith('/') && !next.startsWith('//') ? next : '/', { replace: true });
  };
}
