import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FlightSearchResponse } from '#shared/flights';
import { apiPost } from '../../../lib/api-client';
import type { SearchQuery } from '../search-url';

/** The body of POST /flights/search for a search read from the URL (spec §3 params). */
export function toSearchRequest(query: SearchQuery, userType: string) {
  const single = query.trip !== 'multicity';
  return {
    user_type: userType,
    trip_type: query.trip,
    depart_code: single ? query.from : '',
    dest_code: single ? query.to : '',
    depart_date: single ? query.date : '',
    return_date: query.trip === 'roundtrip' ? query.ret : '',
    nationality_code: query.nat,
    adults: query.adults,
    children: query.children,
    infants: query.infants,
    flight_class: query.cabin,
    segments: single
      ? []
      : query.legs.map((leg) => ({ depart_code: leg.from, dest_code: leg.to, depart_date: leg.date })),
    flexible_days: single ? 3 : 0,
  };
}

/** `suppliers`: only those inventories answer (`['house']` answers at once); all when absent. */
export type SearchRequest = ReturnType<typeof toSearchRequest> & { suppliers?: string[] };

/** POST /flights/search: the offers for a search. */
export const searchFlights = (request: SearchRequest) =>
  apiPost<FlightSearchResponse>('/flights/search', request);

export const flightSearchQueryOptions = (request: SearchRequest) =>
  queryOptions({
    queryKey: ['flight-search', request],
    queryFn: () => searchFlights(request),
    staleTime: 60_000,
    retry: false,
  });

export const useFlightSearch = (request: SearchRequest, enabled: boolean) =>
  useQuery({ ...flightSearchQueryOptions(request), enabled });
