import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Country } from '#shared/countries';
import { apiGet } from './api-client';
import type { Language } from './i18n';

export const countriesQueryOptions = queryOptions({
  queryKey: ['countries'],
  queryFn: () => apiGet<Country[]>('/countries'),
  staleTime: 24 * 60 * 60_000,
});

export const useCountries = () => useQuery(countriesQueryOptions);

// Built when Nepali first asks for it: the collator loads ICU's Nepali data, tens of milliseconds.
let nepaliOrder: Intl.Collator | undefined;

/**
 * The nationality choices as [code, label]: "Nepalese (Nepal)" in English; in Nepali the
 * country's Nepali name with its English name ("नेपाल (Nepal)"), in the Nepali names' order.
 */
export function nationalityOptions(countries: readonly Country[], language: Language): [string, string][] {
  if (language !== 'ne') return countries.map((c) => [c.code, `${c.nationality} (${c.name})`]);
  return countryOptions(countries, language);
}

/** The countries as [code, label]: "Nepal" in English, "नेपाल (Nepal)" in Nepali (in its order). */
export function countryOptions(countries: readonly Country[], language: Language): [string, string][] {
  if (language !== 'ne') return countries.map((c) => [c.code, c.name]);
  nepaliOrder ??= new Intl.Collator('ne');
  const order = nepaliOrder;
  return countries
    .map((c): [string, string] => [c.code, c.name_ne ? `${c.name_ne} (${c.name})` : c.name])
    .sort((a, b) => order.compare(a[1], b[1]));
}
