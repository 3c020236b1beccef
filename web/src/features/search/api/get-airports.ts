import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Airport } from '#shared/airports';
import { apiGet } from '../../../lib/api-client';

export const getAirports = (q: string) => apiGet<Airport[]>(`/airports?q=${encodeURIComponent(q)}`);

export const airportsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['airports', q.trim().toLowerCase()],
    queryFn: () => getAirports(q),
    staleTime: 5 * 60_000,
  });

export function useAirports(q: string) {
  return useQuery({ ...airportsQueryOptions(q), placeholderData: (previous) => previous });
}
