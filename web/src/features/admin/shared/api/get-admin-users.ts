import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser, ListUsersQuery, Page } from '#shared/admin';
import { apiGet } from '../../../../lib/api-client';
import { adminKeys, toQuery } from './admin-keys';

/** GET /admin/users: one page of the brand's users (the users section, the bookings' agent filter). */
export const getAdminUsers = (query: ListUsersQuery) =>
  apiGet<Page<AdminUser>>(`/admin/users?${toQuery(query)}`);

export const adminUsersQueryOptions = (query: ListUsersQuery) =>
  queryOptions({
    queryKey: adminKeys.usersPage(query),
    queryFn: () => getAdminUsers(query),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useAdminUsers = (query: ListUsersQuery) => useQuery(adminUsersQueryOptions(query));
