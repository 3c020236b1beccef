import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '#shared/countries';
import { apiGet } from './api-client';

export const countriesQueryOptions = queryOptions({
  queryKey: ['countries'],
  queryFn: () => apiGet<Country[]>('/countries'),
  staleTime: 24 * 60 * 60_000,
});

export const useCountries = () => useQuery(countriesQueryOptions);
