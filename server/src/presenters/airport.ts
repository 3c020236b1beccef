import type { Airport } from '#shared/airports';
import type { AirportRow } from '../domain/airports/search-airports';

export function presentAirport(row: AirportRow): Airport {
  return {
    code: row.code,
    icao: row.icao,
    name: row.name,
    city: row.city,
    city_ne: row.cityNe,
    country: row.countryName,
    country_ne: row.countryNameNe,
    country_code: row.countryCode,
    time_zone: row.timeZone,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}
