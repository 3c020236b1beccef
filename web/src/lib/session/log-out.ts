import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiPost } from '../api-client';
import { meQueryKey } from './get-me';
import { useForgetSignedInUser } from './signed-in-user';

/** POST /auth/logout: ends the session. */
export const logOut = () => apiPost<{ message: string }>('/auth/logout', {});

/**
 * Logs out and forgets the user everywhere: the store, the stored user data, the /me query and
 * the console's queries (under `admin`). A failed request forgets the user all the same. A plain
 * callback rather than a mutation: the header loads it with every page, the mutation machinery not.
 */
export function useLogOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const forget = useForgetSignedInUser();
  return useCallback(async () => {
    await logOut().catch(() => undefined);
    forget({ everything: true });
    queryClient.removeQueries({ queryKey: ['admin'] });
    queryClient.setQueryData(meQueryKey, null);
  }, [queryClient, forget]);
}
