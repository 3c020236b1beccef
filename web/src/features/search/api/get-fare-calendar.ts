import { useQuery } from '@tanstack/react-query';
import type { FareCalendarResponse } from '#shared/flights';
import { apiGet } from '../../../lib/api-client';

/** The lowest one-adult fare per day of a month (GET /flights/calendar). */
export function useFareCalendar(
  route: { from: string; to: string; month: string; nat: string },
  enabled: boolean,
) {
  const query = new URLSearchParams({
    depart_code: route.from,
    dest_code: route.to,
    month: route.month,
    nationality_code: route.nat,
  });
  return useQuery({
    queryKey: ['fare-calendar', route],
    queryFn: () => apiGet<FareCalendarResponse>(`/flights/calendar?${query}`),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
