import type { Country } from '#shared/countries';
import type { CountryRow } from '../domain/countries/list-countries';

export function presentCountry(row: CountryRow): Country {
  return {
    code: row.code,
    name: row.name,
    name_ne: row.nameNe,
    nationality: row.nationality,
    dial_code: row.dialCode,
  };
}
