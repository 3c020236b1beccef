import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserSessionDetails } from '#shared/accounts';
import { apiGet, apiRequest } from '../../../lib/api-client';

/** GET /auth/sessions: the signed-in user's live sessions, the caller's own marked `current`. */
export const getUserSessions = () =>
  apiGet<{ sessions: UserSessionDetails[] }>('/auth/sessions').then((data) => data.sessions);

export const userSessionsQueryOptions = () =>
  queryOptions({ queryKey: ['user-sessions'], queryFn: getUserSessions });

export const useUserSessions = () => useQuery(userSessionsQueryOptions());

/** DELETE /auth/sessions/:id: that session's next request is signed out. */
export const endUserSession = (id: string) =>
  apiRequest<{ message: string; current: boolean }>(
    'DELETE',
    `/auth/sessions/${encodeURIComponent(id)}`,
    undefined,
    {},
  );

export const useEndUserSession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endUserSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userSessionsQueryOptions().queryKey }),
  });
};
