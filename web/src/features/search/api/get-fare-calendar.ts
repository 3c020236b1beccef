import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FareCalendarResponse } from '#shared/flights';
import { apiGet } from '../../../lib/api-client';

type CalendarRoute = { from: string; to: string; month: string; nat: string };

/** GET /flights/calendar: the lowest one-adult fare per day of a month. */
export function getFareCalendar(route: CalendarRoute) {
  const query = new URLSearchParams({
    depart_code: route.from,
    dest_code: route.to,
    month: route.month,
    nationality_code: route.nat,
  });
  return apiGet<FareCalendarResponse>(`/flights/calendar?${query}`);
}

export const fareCalendarQueryOptions = (route: CalendarRoute) =>
  queryOptions({
    queryKey: ['fare-calendar', route],
    queryFn: () => getFareCalendar(route),
    staleTime: 60_000,
    retry: false,
  });

export const useFareCalendar = (route: CalendarRoute, enabled: boolean) =>
  useQuery({ ...fareCalendarQueryOptions(route), enabled });
