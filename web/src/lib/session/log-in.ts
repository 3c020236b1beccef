import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest } from '#shared/accounts';
import { apiPost } from '../api-client';
import { meQueryKey, type ServerUser } from './get-me';
import { useRememberSignedInUser } from './signed-in-user';

/** POST /auth/login: starts a session (an HttpOnly cookie) and answers with the user. */
export const logIn = (body: LoginRequest) => apiPost<ServerUser>('/auth/login', body);

/** Logs in and remembers the user for the site (store) and the console (the /me query). */
export function useLogIn() {
  const queryClient = useQueryClient();
  const remember = useRememberSignedInUser();
  return useMutation({
    mutationFn: logIn,
    onSuccess: (user) => {
      remember(user);
      queryClient.setQueryData(meQueryKey, user);
    },
  });
}
