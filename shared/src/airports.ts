import { z } from 'zod';
import { AIRPORT_SEARCH_MAX_RESULTS } from './constants';

/** An IATA airport code: three capital letters. */
export const AIRPORT_CODE_PATTERN = /^[A-Z]{3}$/;

/**
 * An airport code as a form or query sends it: trimmed, upper-cased, three letters. Each request
 * keeps the messages its clients have always been given: `message` when the code is not three
 * letters, `required` when the field is missing or not a string (zod's own message if not given).
 */
export function airportCode(message = 'Use a three-letter airport code, such as KTM.', required?: string) {
  return z
    .string(required === undefined ? undefined : { message: required })
    .trim()
    .toUpperCase()
    .regex(AIRPORT_CODE_PATTERN, message);
}

export const iataAirportCode = airportCode();

/** A brand's own airport entry (spec §3: name, city, code, country). */
export const customAirport = z.object({
  name: z.string().trim().min(1).max(120),
  city: z.string().trim().min(1).max(80),
  code: iataAirportCode,
  country: z.string().trim().min(1).max(80),
});
export type CustomAirport = z.infer<typeof customAirport>;

export const airport = z.object({
  code: z.string().describe('IATA three-letter code'),
  icao: z.string().nullable(),
  name: z.string(),
  city: z.string(),
  city_ne: z
    .string()
    .nullable()
    .describe("The city in Nepali (Devanagari), such as पोखरा: Nepal's domestic airports; null elsewhere"),
  country: z.string().describe('Country name'),
  country_ne: z.string().nullable().describe('The country in Nepali (CLDR), such as नेपाल'),
  country_code: z.string().describe('ISO 3166-1 alpha-2'),
  time_zone: z.string().describe('IANA time zone, such as Asia/Kathmandu'),
  latitude: z.number(),
  longitude: z.number(),
});
export type Airport = z.infer<typeof airport>;

export const airportSearchQuery = z.object({
  q: z.string().trim().max(64, 'Search with at most 64 characters.').optional().default(''),
  limit: z.coerce
    .number({ message: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(AIRPORT_SEARCH_MAX_RESULTS, `limit must be at most ${AIRPORT_SEARCH_MAX_RESULTS}.`)
    .optional()
    .default(AIRPORT_SEARCH_MAX_RESULTS),
});
export type AirportSearchQuery = z.infer<typeof airportSearchQuery>;
