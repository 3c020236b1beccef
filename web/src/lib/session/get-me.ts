import { queryOptions } from '@tanstack/react-query';
import type { UserDetails as ServerUser } from '#shared/accounts';
import { ApiError, apiGet } from '../api-client';

export type { ServerUser };

/** GET /me: the user of the session cookie (401 when there is none). */
export const getMe = () => apiGet<ServerUser>('/me');

export const meQueryKey = ['me'] as const;

/** The server's answer as a query: the user, or null when nobody is signed in. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: async () => {
      try {
        return await getMe();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
    },
    staleTime: 0,
    retry: false,
  });

// No `useMe` hook here: the session sync in every page's layout imports this file, and a hook
// would bring useQuery into the home page's first load. The console calls useQuery(meQueryOptions()).
